import { createHmac, timingSafeEqual } from 'node:crypto';

// A ticket's code (decision 058): `RC1.<ticket_nonce>.<MAC>`, the MAC an HMAC-SHA256 over the event
// id, the member id and the nonce, base64url. The ids inside the MAC refuse the code at another event
// or for another member; the nonce, renewed on every new RSVP, refuses a cancelled RSVP's old code.
// The nonce in clear is what the door looks the RSVP up by (its unique index), never a member id.

const VERSION = 'RC1';
/** The RSVP's nonce as the database writes it (32 hex digits), or any other url-safe random string. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
/** 32 bytes of SHA-256 in base64url, unpadded. */
const MAC = /^[A-Za-z0-9_-]{43}$/;

export type TicketSubject = { eventId: string; userId: string; nonce: string };

function macOf(key: Buffer, { eventId, userId, nonce }: TicketSubject): Buffer {
  // Separated, so no two different triples sign the same bytes.
  return createHmac('sha256', key).update(`${VERSION}\n${eventId}\n${userId}\n${nonce}`).digest();
}

export function ticketCode(key: Buffer, subject: TicketSubject): string {
  return `${VERSION}.${subject.nonce}.${macOf(key, subject).toString('base64url')}`;
}

/** The nonce and MAC of a well-formed code, or null (the door answers TICKET_INVALID). */
export function parseTicketCode(code: string): { nonce: string; mac: Buffer } | null {
  const [version, nonce, mac, ...rest] = code.trim().split('.');
  if (version !== VERSION || rest.length > 0 || !nonce || !mac) return null;
  if (!NONCE.test(nonce) || !MAC.test(mac)) return null;
  return { nonce, mac: Buffer.from(mac, 'base64url') };
}

/** Whether the code's MAC is this member's at this event for this nonce, compared in constant time. */
export function ticketMacMatches(key: Buffer, mac: Buffer, subject: TicketSubject): boolean {
  const expected = macOf(key, subject);
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}
