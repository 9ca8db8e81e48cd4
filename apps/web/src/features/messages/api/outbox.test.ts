import {
  AppError,
  ErrorCode,
  MESSAGE_EMPTY_TEXT,
  MESSAGE_MAX,
  MESSAGE_RATE_LIMITED_TEXT,
  MESSAGE_SEND_FAILED_TEXT,
  MESSAGE_TOO_LONG_TEXT,
  type Message,
} from '@royal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { ChatOutbox, OUTBOX_FULL_TEXT, OUTBOX_MAX, type OutboxEntry } from './outbox';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ME = uuid(9001);
const SOMEONE_ELSE = uuid(9002);
const CHAT_A = uuid(9101);
const CHAT_B = uuid(9102);

const noNetwork = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, NETWORK_ERROR_MESSAGE);

/** The server's copy of a sent message. */
const stored = (entry: OutboxEntry) =>
  ({ id: entry.id, match_id: entry.match_id, content: entry.content }) as Message;

const started: ChatOutbox[] = [];
afterEach(() => {
  for (const outbox of started.splice(0)) outbox.stop();
});

/**
 * A started outbox of `memberId` whose sends wait until the test settles them: `sends` lists each
 * send as it starts, with the message and a way to answer it.
 */
function outboxOf(memberId = ME) {
  const sends: { entry: OutboxEntry; answer: (outcome: Message | Error) => void }[] = [];
  const shown: Message[] = [];
  const outbox = new ChatOutbox(memberId, {
    send: (entry) =>
      new Promise<Message>((resolve, reject) =>
        sends.push({
          entry,
          answer: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        }),
      ),
    onSent: (message) => shown.push(message),
  });
  outbox.start();
  started.push(outbox);
  const write = (n: number, matchId = CHAT_A, content = `message ${n}`) =>
    outbox.add({ id: uuid(n), match_id: matchId, content }, { unreached: false });
  /** Answers the send now waiting on `n` with the server's copy (or `outcome`). */
  const answer = async (n: number, outcome?: Error) => {
    await vi.waitFor(() => expect(sends.some((s) => s.entry.id === uuid(n))).toBe(true));
    const send = sends.find((s) => s.entry.id === uuid(n));
    sends.splice(sends.indexOf(send as (typeof sends)[number]), 1);
    send?.answer(outcome ?? stored(send.entry));
  };
  const ids = () => outbox.getSnapshot().entries.map((entry) => entry.id);
  return { outbox, sends, shown, write, answer, ids };
}

/** Lets the outbox's promise chains run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chat outbox', () => {
  it('keeps a message only after the checks the server makes of it (shared schema), trimmed', () => {
    const { outbox, ids } = outboxOf();
    const add = (id: string, content: string) =>
      outbox.add({ id, match_id: CHAT_A, content }, { unreached: true });
    expect(add(uuid(1), '  \u200b ')).toEqual({ ok: false, reason: MESSAGE_EMPTY_TEXT });
    expect(add(uuid(2), 'x'.repeat(MESSAGE_MAX + 1))).toEqual({ ok: false, reason: MESSAGE_TOO_LONG_TEXT });
    expect(add('not-an-id', 'Hello').ok).toBe(false);
    expect(ids()).toEqual([]);

    expect(add(uuid(3), '  Hello  ')).toEqual({ ok: true });
    expect(outbox.getSnapshot().entries[0]).toMatchObject({
      content: 'Hello',
      unreached: true,
      refused: null,
    });
  });

  it(`holds at most ${OUTBOX_MAX} messages, all chats together, and says so past them`, () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { write, ids } = outboxOf();
    for (let n = 1; n <= OUTBOX_MAX; n++) expect(write(n, n % 2 ? CHAT_A : CHAT_B)).toEqual({ ok: true });
    expect(write(OUTBOX_MAX + 1)).toEqual({ ok: false, reason: OUTBOX_FULL_TEXT });
    expect(ids()).toHaveLength(OUTBOX_MAX);
    // The same message twice (a second tap while it was being queued) is kept once.
    expect(write(1)).toEqual({ ok: true });
    expect(ids()).toHaveLength(OUTBOX_MAX);
  });

  it("sends each chat's messages in the order written, one at a time, the chats side by side", async () => {
    const { outbox, sends, shown, write, answer, ids } = outboxOf();
    write(1);
    write(2);
    write(3, CHAT_B);
    outbox.flush();
    outbox.flush(); // asked again while under way: still one send at a time per chat
    await vi.waitFor(() => expect(sends.map((s) => s.entry.id)).toEqual([uuid(1), uuid(3)]));
    expect(outbox.getSnapshot().sending).toEqual(new Set([uuid(1), uuid(3)]));

    await answer(1);
    await vi.waitFor(() => expect(sends.map((s) => s.entry.id)).toEqual([uuid(3), uuid(2)]));
    await answer(2);
    await answer(3);
    await vi.waitFor(() => expect(ids()).toEqual([]));
    expect(shown.map((m) => m.id)).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(outbox.getSnapshot().sending.size).toBe(0);
  });

  it('keeps the line when there is no network, and sends it under the same ids on the next flush', async () => {
    const { outbox, sends, write, answer, ids } = outboxOf();
    write(1);
    write(2);
    outbox.flush();
    await answer(1, noNetwork());
    await settle();
    expect(sends).toEqual([]);
    expect(ids()).toEqual([uuid(1), uuid(2)]);
    expect(outbox.getSnapshot().entries[0]).toMatchObject({ unreached: true, refused: null });

    outbox.flush();
    await answer(1);
    await answer(2);
    await vi.waitFor(() => expect(ids()).toEqual([]));
  });

  it('tries nothing while the browser is offline, and sends once it says it is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { outbox, sends, write, answer, ids } = outboxOf();
    write(1);
    outbox.flush();
    await settle();
    expect(sends).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await answer(1);
    await vi.waitFor(() => expect(ids()).toEqual([]));
  });

  it("stops a chat's line at a refused message, with the server's reason, until it is retried", async () => {
    const { outbox, sends, write, answer, ids } = outboxOf();
    write(1);
    write(2);
    write(3, CHAT_B);
    outbox.flush();
    await answer(1, new AppError(ErrorCode.RATE_LIMITED, MESSAGE_RATE_LIMITED_TEXT));
    await answer(3);
    await settle();
    // Message 2 is not sent ahead of message 1: the other member would read them out of order.
    expect(sends).toEqual([]);
    expect(ids()).toEqual([uuid(1), uuid(2)]);
    expect(outbox.getSnapshot().entries[0]?.refused).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: MESSAGE_RATE_LIMITED_TEXT,
    });
    outbox.flush();
    await settle();
    expect(sends).toEqual([]);

    outbox.retry(uuid(1));
    expect(outbox.getSnapshot().entries[0]?.refused).toBeNull();
    await answer(1);
    await answer(2);
    await vi.waitFor(() => expect(ids()).toEqual([]));
  });

  it('lets the line go on once the refused message is deleted; a server failure reads as the spec says', async () => {
    const { outbox, write, answer, ids } = outboxOf();
    write(1);
    write(2);
    outbox.flush();
    await answer(1, new AppError(ErrorCode.INTERNAL, 'Internal server error'));
    await vi.waitFor(() =>
      expect(outbox.getSnapshot().entries[0]?.refused).toEqual({
        code: ErrorCode.INTERNAL,
        message: MESSAGE_SEND_FAILED_TEXT,
      }),
    );

    outbox.discard(uuid(1));
    await answer(2);
    await vi.waitFor(() => expect(ids()).toEqual([]));
  });

  it('is kept on the device for the member who wrote it, and never read for another member', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    outboxOf(ME).write(1);
    expect(outboxOf(ME).ids()).toEqual([uuid(1)]);
    expect(outboxOf(SOMEONE_ELSE).ids()).toEqual([]);
    expect(localStorage.getItem(`rc.chat-outbox.${ME}`)).toContain(uuid(1));
  });

  it('drops a stored outbox it cannot read rather than send it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem(`rc.chat-outbox.${ME}`, '{not json');
    expect(outboxOf().ids()).toEqual([]);
    localStorage.setItem(`rc.chat-outbox.${ME}`, JSON.stringify([{ id: uuid(1), content: 'no chat' }]));
    expect(outboxOf().ids()).toEqual([]);
  });
});
