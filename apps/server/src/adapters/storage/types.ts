/**
 * Private object storage. Keys are random and never derived from user input; objects are only
 * served through routes that check who is asking.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** True when the store answers; used by /api/health. */
  ping(): Promise<boolean>;
}
