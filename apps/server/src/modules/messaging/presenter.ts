import type { Message } from '@royal/shared';

/** A stored message, as the service reads it (the text is decrypted separately). */
export type MessageRow = {
  id: string;
  matchId: string;
  senderId: string;
  receiverId: string;
  readStatus: boolean;
  createdAt: Date;
  ciphertext: Uint8Array | null;
  nonce: Uint8Array | null;
  keyId: string | null;
  legacyContent: string | null;
};

/**
 * A message as its two members see it, over HTTP and the realtime channel alike. Only ever built
 * for the sender or the receiver: the service checks membership of the match first.
 */
export function presentMessage(row: MessageRow, content: string): Message {
  return {
    id: row.id,
    match_id: row.matchId,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    content,
    message_type: 'text',
    read: row.readStatus,
    created_at: row.createdAt.toISOString(),
  };
}
