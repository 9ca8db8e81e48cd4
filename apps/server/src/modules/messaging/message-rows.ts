import { type SQL, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { MessageRow } from './presenter';

// Stored message rows as the module reads them: the columns of a MessageRow, and the same row through
// to_jsonb for the statements that read one message inside another row (a match's last message, the
// message a retried send stored).

export const messageColumns = {
  id: messages.id,
  matchId: messages.matchId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  readStatus: messages.readStatus,
  createdAt: messages.createdAt,
  ciphertext: messages.ciphertext,
  nonce: messages.nonce,
  keyId: messages.keyId,
  legacyContent: messages.legacyContent,
};

/** A message row as a subquery for to_jsonb (bytes as base64): read it back with fromJsonRow. */
export function messageJsonSelect(where: SQL, tail: SQL = sql``) {
  return sql`select ${messages.id} as "id", ${messages.matchId} as "matchId", ${messages.senderId} as "senderId",
      ${messages.receiverId} as "receiverId", ${messages.readStatus} as "readStatus",
      ${messages.createdAt} as "createdAt", encode(${messages.ciphertext}, 'base64') as "ciphertext",
      encode(${messages.nonce}, 'base64') as "nonce", ${messages.keyId} as "keyId",
      ${messages.legacyContent} as "legacyContent"
    from ${messages} where ${where} ${tail}`;
}

/** A message row read through to_jsonb: bytes come back as base64, times as text. */
export function fromJsonRow(row: MessageRow): MessageRow {
  const json = row as unknown as Record<string, string | boolean | null>;
  return {
    ...row,
    ciphertext: json.ciphertext ? Buffer.from(json.ciphertext as string, 'base64') : null,
    nonce: json.nonce ? Buffer.from(json.nonce as string, 'base64') : null,
    createdAt: new Date(json.createdAt as string),
  };
}
