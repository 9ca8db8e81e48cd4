import type { Message } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { announceNotifications } from '../notifications';
import { messageColumns } from './message-rows';
import { presentMessage } from './presenter';
import { shownText } from './sealing';

// A send's events: `message.created`, which the send publishes after commit, and the whole set rebuilt
// from the send's outbox row by the delivery worker (decision 034).

/** `message.created`, to both members of the chat. */
export const messageCreated = (message: Message) =>
  ({
    kind: 'deliver',
    userIds: [message.sender_id, message.receiver_id],
    event: { type: 'message.created', payload: message },
  }) as const;

/** The name of the send statement's outbox rows (decision 034). */
export const SENT_MESSAGE_RECIPE = 'message.sent';

/**
 * A send's events rebuilt from its outbox row, for the delivery worker when the process that
 * committed the send died before publishing them: the receiver's notice as it now reads, then
 * `message.created`, decrypted from the stored message (the row holds ids only, never the text).
 */
export async function sentMessageRecipe(ctx: AppContext, body: unknown, work: Work): Promise<void> {
  const { message_id, notice_id } = body as { message_id: string; notice_id: string | null };
  if (notice_id) await announceNotifications(work, [notice_id]);
  const [row] = await work.tx.select(messageColumns).from(messages).where(eq(messages.id, message_id));
  if (row) work.publish(messageCreated(presentMessage(row, shownText(ctx, row))));
}
