import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { type MessageKeyRing, openMessage, sealMessage } from '../../lib/message-crypto';
import type { MessageRow } from './presenter';

// Messages sealed at rest (decision 008, lib/message-crypto.ts): a stored message's text, read back
// wherever it is shown, and a sealed row for writers outside a send. A send seals its own text
// (send.ts); key rotation seals stored ones again (reencrypt.ts).

/** What a member sees in place of a message whose row fails to decrypt (tampered, or its key is gone). */
export const UNREADABLE_MESSAGE_TEXT = 'This message could not be read';

/**
 * The text to show: as messageText, but a row that fails to decrypt is logged and shown as
 * unreadable instead of failing the whole chat.
 */
export function shownText(ctx: Pick<AppContext, 'messageKeys' | 'log'>, row: MessageRow): string {
  try {
    return messageText(ctx, row);
  } catch (error) {
    ctx.log.error({ err: error, messageId: row.id }, 'a stored message failed to decrypt');
    return UNREADABLE_MESSAGE_TEXT;
  }
}

/** The text of a stored message: decrypted, or (before the start-up pass) its legacy plain text. */
export function messageText(ctx: Pick<AppContext, 'messageKeys'>, row: MessageRow): string {
  if (row.ciphertext && row.nonce && row.keyId) {
    return openMessage(
      ctx.messageKeys,
      { id: row.id, matchId: row.matchId },
      { ciphertext: row.ciphertext, nonce: row.nonce, keyId: row.keyId },
    );
  }
  return row.legacyContent ?? '';
}

/**
 * A message row ready to insert, encrypted with the ring's current key, for writers outside a send
 * (the demo seed, tests). Sends go through sendMessage.
 */
export function sealedMessageValues(
  ring: MessageKeyRing,
  message: {
    matchId: string;
    senderId: string;
    receiverId: string;
    content: string;
    readStatus?: boolean;
    createdAt?: Date;
  },
) {
  const { content, ...rest } = message;
  const id = randomUUID();
  return { id, ...rest, ...sealMessage(ring, { id, matchId: message.matchId }, content) };
}
