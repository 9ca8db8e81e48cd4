import { randomBytes, randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * Fresh random bytes from the operating system's generator, drawn from a buffer it fills 4 KiB at a
 * time: a nonce on a hot path (every feed page's sealed cursor, every message) then costs a copy
 * instead of a system call, which this project's virtual machines make expensive (6% of the feed's
 * server time went to one `randomBytes(12)` per page). Each byte is handed out once; node's own
 * `randomUUID` keeps the same kind of buffer.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 8) return randomBytes(size);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.allocUnsafe(size);
  pool.copy(bytes, 0, offset, offset + size);
  offset += size;
  return bytes;
}
