import {
  DATE_STATUS_LINK_HOURS,
  formatInstantIn,
  positionMapsUrl,
  SAFETY_TIMER_ANSWER_MINUTES,
} from '@royal/shared';
import { type RenderedMail, renderMail } from '../mail';
import type { EmergencyContact } from './contact';
import type { DateFacts } from './date-facts';

// What a member's emergency contact receives (issue 39): the date shared with them, and an alert.
// Each is an e-mail (security kind: whatever anyone's settings, no List-Unsubscribe, the contact
// has no account to unsubscribe with) and an SMS, built from DateFacts alone, so nothing private
// (an e-mail address, a deposit, an id, the other member's position) can slip in.

export type ContactMessages = { mail: RenderedMail; sms: string };

/** The time, and which clock it is told by. */
const whenOf = (facts: DateFacts) =>
  facts.timeZone === 'UTC'
    ? `${facts.local} (UTC: the place's own time zone is not known)`
    : `${facts.local} (local time at the place)`;

const placeOf = (facts: DateFacts) => {
  const where = facts.place.address ? `${facts.place.name}, ${facts.place.address}` : facts.place.name;
  return `${where}. ${facts.place.verified ? 'A Royal Circle verified safe place.' : 'Not a verified venue: a place they chose themselves.'}`;
};

const otherOf = (facts: DateFacts) =>
  `${facts.otherFirstName}, ${facts.otherVerified ? 'a member whose identity Royal Circle has verified' : 'a member whose identity Royal Circle has not verified'}.`;

const smsDate = (facts: DateFacts) =>
  `${facts.local} at ${facts.place.name}${facts.place.address ? `, ${facts.place.address}` : ''} (${facts.place.verified ? 'verified venue' : 'not a verified venue'}), with ${facts.otherFirstName} (${facts.otherVerified ? 'verified' : 'not verified'})`;

const greeting = (contact: EmergencyContact) => (contact.name ? [`Hello ${contact.name},`] : []);

const footerFor = (facts: DateFacts) =>
  `You receive this e-mail because ${facts.memberFirstName} named you as their emergency contact on Royal Circle. They can change that in their Safety settings.`;

/** The date, shared with the contact by the member. */
export function shareMessages(facts: DateFacts, contact: EmergencyContact, url: string): ContactMessages {
  const name = facts.memberFirstName;
  const mail = renderMail({
    title: `${name} shared a date with you`,
    paragraphs: [
      ...greeting(contact),
      `${name} named you as their emergency contact on Royal Circle and wants you to know about their date.`,
      `When: ${whenOf(facts)}`,
      `Where: ${placeOf(facts)}`,
      `With: ${otherOf(facts)}`,
      `The link below shows how the date is going (whether they have arrived, and their safety timer) until ${DATE_STATUS_LINK_HOURS} hours after it. It needs no account; please keep it to yourself.`,
    ],
    action: { label: 'See how the date is going', url },
    kind: 'security',
    footer: footerFor(facts),
  });
  const sms = `Royal Circle: ${name} shared a date with you. ${smsDate(facts)}. Status: ${url}`;
  return { mail, sms };
}

export type AlertFacts = {
  reason: 'timer' | 'sos';
  /** The timer's time (reason timer), or the moment of the SOS. */
  at: Date;
  /** The last position the member chose to share, if any. */
  location: { lat: number; lng: number; at: Date } | null;
};

/** The alert: no answer to the safety timer, or SOS. */
export function alertMessages(
  facts: DateFacts,
  contact: EmergencyContact,
  url: string,
  alert: AlertFacts,
): ContactMessages {
  const name = facts.memberFirstName;
  const at = formatInstantIn(alert.at, facts.timeZone);
  const what =
    alert.reason === 'sos'
      ? `${name} pressed the SOS button in Royal Circle at ${at}.`
      : `${name} asked Royal Circle to check on them at ${at} and has not answered for ${SAFETY_TIMER_ANSWER_MINUTES} minutes.`;
  const position = alert.location
    ? `The last position ${name} chose to share (${formatInstantIn(alert.location.at, facts.timeZone)}): ${positionMapsUrl(alert.location)}`
    : null;
  const mail = renderMail({
    title: alert.reason === 'sos' ? `${name} pressed SOS` : `${name} did not answer their safety timer`,
    paragraphs: [
      ...greeting(contact),
      what,
      `Please try to reach ${name} now. If you cannot, and you think they are in danger, call the emergency services (911 in the US) and tell them where ${name} is.`,
      `Their date: ${whenOf(facts)}`,
      `Where: ${placeOf(facts)}`,
      `With: ${otherOf(facts)}`,
      ...(position ? [position] : []),
    ],
    action: { label: 'See how the date is going', url },
    kind: 'security',
    footer: footerFor(facts),
  });
  const sms = [
    alert.reason === 'sos'
      ? `Royal Circle ALERT: ${name} pressed SOS at ${at}.`
      : `Royal Circle ALERT: ${name} did not answer their safety timer (${at}).`,
    `Try to reach them; if you cannot, call the emergency services.`,
    `Date: ${smsDate(facts)}.`,
    ...(alert.location ? [`Last position: ${positionMapsUrl(alert.location)}`] : []),
    `Status: ${url}`,
  ].join(' ');
  return { mail, sms };
}
