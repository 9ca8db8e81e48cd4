import {
  AppError,
  groupedInteger,
  MESSAGE_SEND_FAILED_TEXT,
  type Message,
  sendMessageBodySchema,
} from '@royal/shared';
import { z } from 'zod';
import { NETWORK_ERROR_MESSAGE, refusalOr } from '@/lib/api';
import { CHAT_OUTBOX_KEY_PREFIX } from '@/lib/member-device-data';

// The chat outbox (issue 40): messages written without a connection wait on this device and go out
// when it returns, in the order they were written, each under the id it was given when written, so
// a send repeated after a lost reply is recognised by the server instead of written twice.

/** How many messages may wait on this device, all chats together: the storage is not unbounded. */
export const OUTBOX_MAX = 200;
export const OUTBOX_FULL_TEXT = `${groupedInteger(OUTBOX_MAX)} messages are waiting to be sent, as many as this device keeps. Write more once they have gone.`;
export const OUTBOX_UNSAVED_TEXT =
  'This device could not keep the message to send later. Please try again once you are back online.';

const storedEntrySchema = z.object({
  id: z.uuid(),
  match_id: z.uuid(),
  content: z.string(),
  written_at: z.iso.datetime({ offset: true }),
  /** The last try found no network (or none was made, the device being offline). */
  unreached: z.boolean(),
  /** The server refused it: its code (a chat gone reads differently) and the words to show. */
  refused: z.object({ code: z.string(), message: z.string() }).nullable(),
});
const storedOutboxSchema = z.array(storedEntrySchema).max(OUTBOX_MAX);

export type OutboxEntry = z.infer<typeof storedEntrySchema>;
export type OutboxSnapshot = {
  /** Every waiting message of the member, oldest first. */
  entries: readonly OutboxEntry[];
  /** The ids being sent right now (one per chat at most). */
  sending: ReadonlySet<string>;
};
export type AddResult = { ok: true } | { ok: false; reason: string };

export type OutboxSender = {
  send: (entry: OutboxEntry) => Promise<Message>;
  /** The server has it (written now, or recognised as written before): show it as sent. */
  onSent: (message: Message) => void;
};

/**
 * The request never reached the server (no network, the connection dropped): the api client turns a
 * fetch that throws into this error. A reply of any kind, even a 5xx, is not.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof AppError && error.message === NETWORK_ERROR_MESSAGE;
}

const storageKey = (memberId: string) => `${CHAT_OUTBOX_KEY_PREFIX}${memberId}`;
/** The server answered: whatever waited for a connection now waits only for its turn. */
const reached = (entries: OutboxEntry[]) =>
  entries.some((entry) => entry.unreached)
    ? entries.map((entry) => ({ ...entry, unreached: false }))
    : entries;

/** The outbox while nothing is stored (a page rendered on the server has no storage to read). */
export const EMPTY_OUTBOX: OutboxSnapshot = { entries: [], sending: new Set() };

/**
 * One member's outbox on this device. Kept in localStorage under a key of that member's own, so a
 * reload keeps it and another member signing in on the same browser never reads it (each reads
 * only their own key).
 *
 * Each chat's messages form a line sent strictly in the order written, one at a time. No network:
 * the line waits for the next `flush` (the app starting, the browser back online, the live channel
 * joined again). A refusal (any reply but success): that message shows 'Not sent' with the reason
 * and the line stops behind it, since sending the later ones first would change the order the other
 * member reads; Retry or Delete on it lets the line go on.
 */
export class ChatOutbox {
  private entries: OutboxEntry[] = [];
  private sending = new Set<string>();
  private snapshot: OutboxSnapshot = EMPTY_OUTBOX;
  private readonly listeners = new Set<() => void>();
  /** Chats whose line is being sent, and those asked to flush again once it stops. */
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private stopped = true;
  private readonly onStorage = (event: StorageEvent) => {
    // Another tab of the same member changed the outbox (or the storage was cleared).
    if (event.key === this.key || event.key === null) this.load();
  };
  private readonly onOnline = () => this.flush();

  constructor(
    readonly memberId: string,
    private readonly sender: OutboxSender,
  ) {
    this.load();
  }

  private get key() {
    return storageKey(this.memberId);
  }

  /** Listens for the browser coming back online and other tabs' changes, and sends what waits. */
  start() {
    this.stopped = false;
    window.addEventListener('storage', this.onStorage);
    window.addEventListener('online', this.onOnline);
    this.load();
    this.flush();
  }

  /** Stops listening; a send under way finishes, and nothing after it starts. */
  stop() {
    this.stopped = true;
    window.removeEventListener('storage', this.onStorage);
    window.removeEventListener('online', this.onOnline);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /**
   * Queues a message, after the same checks the server makes of its text and id (shared schema).
   * `unreached`: it waits for a connection (the device is offline, or its send found no network).
   */
  add(
    message: { id: string; match_id: string; content: string },
    { unreached }: { unreached: boolean },
  ): AddResult {
    const parsed = sendMessageBodySchema.safeParse({ id: message.id, content: message.content });
    if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? OUTBOX_UNSAVED_TEXT };
    if (this.entries.some((entry) => entry.id === parsed.data.id)) return { ok: true };
    if (this.entries.length >= OUTBOX_MAX) return { ok: false, reason: OUTBOX_FULL_TEXT };
    const entry: OutboxEntry = {
      id: parsed.data.id,
      match_id: message.match_id,
      content: parsed.data.content,
      written_at: new Date().toISOString(),
      unreached,
      refused: null,
    };
    return this.save([...this.entries, entry]) ? { ok: true } : { ok: false, reason: OUTBOX_UNSAVED_TEXT };
  }

  /** A refused message tried again (under its own id), and the rest of its line after it. */
  retry(id: string) {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    this.save(this.entries.map((e) => (e.id === id ? { ...e, refused: null, unreached: false } : e)));
    this.flush(entry.match_id);
  }

  /** A refused message given up: the rest of its line goes on. */
  discard(id: string) {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    this.save(this.entries.filter((e) => e.id !== id));
    this.flush(entry.match_id);
  }

  /** Sends what waits: one chat's line, or every chat's. Offline, nothing is tried. */
  flush(matchId?: string) {
    if (this.stopped || !navigator.onLine) return;
    const chats = matchId ? [matchId] : [...new Set(this.entries.map((entry) => entry.match_id))];
    for (const chat of chats) this.runLine(chat);
  }

  private runLine(matchId: string) {
    // A flush asked for while the line is under way (the network came back during a failing send)
    // runs once more after it, rather than beside it: two at once would break the order.
    if (this.running.has(matchId)) {
      this.again.add(matchId);
      return;
    }
    this.running.add(matchId);
    void this.sendLine(matchId).finally(() => {
      this.running.delete(matchId);
      if (this.again.delete(matchId)) this.flush(matchId);
    });
  }

  private async sendLine(matchId: string) {
    while (!this.stopped) {
      const head = this.entries.find((entry) => entry.match_id === matchId);
      if (!head || head.refused) return;
      this.setSending(head.id, true);
      try {
        const message = await this.sender.send(head);
        this.sender.onSent(message);
        this.save(reached(this.entries.filter((entry) => entry.id !== head.id)));
      } catch (error) {
        if (isUnreachable(error)) {
          this.update(head.id, { unreached: true });
        } else {
          const code = error instanceof AppError ? error.code : 'INTERNAL';
          const refused = { code, message: refusalOr(error, MESSAGE_SEND_FAILED_TEXT) };
          this.save(
            reached(this.entries).map((entry) => (entry.id === head.id ? { ...entry, refused } : entry)),
          );
        }
        return;
      } finally {
        this.setSending(head.id, false);
      }
    }
  }

  private update(id: string, change: Partial<OutboxEntry>) {
    this.save(this.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }

  private setSending(id: string, on: boolean) {
    this.sending = new Set(this.sending);
    if (on) this.sending.add(id);
    else this.sending.delete(id);
    this.publish();
  }

  /** Stores the new list; false (and nothing changed) when the storage refused it. */
  private save(entries: OutboxEntry[]): boolean {
    try {
      if (entries.length === 0) localStorage.removeItem(this.key);
      else localStorage.setItem(this.key, JSON.stringify(entries));
    } catch {
      return false;
    }
    this.entries = entries;
    this.publish();
    return true;
  }

  private load() {
    let stored: OutboxEntry[] = [];
    try {
      const raw = localStorage.getItem(this.key);
      // Something unreadable (another version's shape, a hand edit) is dropped rather than sent.
      if (raw) stored = storedOutboxSchema.catch([]).parse(JSON.parse(raw));
    } catch {
      stored = [];
    }
    this.entries = stored;
    this.publish();
  }

  private publish() {
    this.snapshot = { entries: this.entries, sending: this.sending };
    for (const listener of this.listeners) listener();
  }
}
