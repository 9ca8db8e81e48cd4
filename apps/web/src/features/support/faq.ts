import {
  APPEAL_REPLY_TEXT,
  escrowRangeLabel,
  formatCents,
  formatMonthlyPrice,
  ID_RETENTION_HOURS,
  MATCH_EXPIRY_HOURS,
  MESSAGE_RETENTION_YEARS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  SAFE_LOCATION_MIN_RATING,
  SAFE_LOCATIONS_LIMIT,
  SUPPORT_REPLY_TEXT,
  TIER_LEVELS,
  TIERS,
  TRANSACTION_RETENTION_YEARS,
  TRANSFER_GUARD,
  VERIFICATION_REVIEW_TEXT,
} from '@royal/shared';

/** One question of the Help dialog's FAQ; `id` names its answer for the disclosure button. */
export type FaqEntry = { id: string; question: string; answer: string };

const planLines = TIER_LEVELS.map((level) => {
  const { name, monthlyPriceCents, features } = TIERS[level];
  return `${name} (${formatMonthlyPrice(monthlyPriceCents)}): ${features.join('; ')}.`;
}).join(' ');

const escrowLines = TIER_LEVELS.filter((level) => level > 0)
  .map((level) => `${TIERS[level].name} ${escrowRangeLabel(level)}`)
  .join(', ');

const photoMegabytes = PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * What members of a discreet premium service ask first. Every fact is read from the shared rules the
 * server enforces (plans, limits, review times), so an answer changes with the rule it describes.
 */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'plans',
    question: 'What does each membership tier unlock?',
    answer: `${planLines} You can change plans on the Subscription page.`,
  },
  {
    id: 'verification',
    question: 'How does verification work?',
    answer:
      'Choose Get Verified (or Verify on Edit Profile), take a selfie and add a photo of your driver’s license, passport or state ID. ' +
      `Our team reviews it within ${VERIFICATION_REVIEW_TEXT}; once approved your profile shows the ID verified mark. ` +
      `Your ID and selfie images are deleted ${ID_RETENTION_HOURS} hours after the decision and are only ever seen by you and the reviewing team.`,
  },
  {
    id: 'messaging',
    question: 'Why can’t I send messages?',
    answer:
      `Observers can browse only: messaging starts with ${TIERS[1].name}. On ${TIERS[1].name} you also need a verified ID; from ${TIERS[2].name} up you can chat before verifying. ` +
      'If your plan has ended, renew it to write again. ' +
      `A new match expires ${MATCH_EXPIRY_HOURS} hours after it is made unless you have both written by then.`,
  },
  {
    id: 'message-privacy',
    question: 'Are my messages private?',
    answer:
      'Only you and your match can read your conversation. Messages are encrypted when stored on our servers, ' +
      `and kept for ${MESSAGE_RETENTION_YEARS} years as the law requires; a member you block can no longer see your chat.`,
  },
  {
    id: 'wallet',
    question: 'How does the escrow wallet work?',
    answer:
      'Add money by card through our payment provider, then withdraw it or send it to another member as a general transfer, a gift or a sponsorship. ' +
      `Each plan has its own escrow range (${escrowLines}); Observers have no wallet. Plans and boosts are paid by card, never from your wallet.`,
  },
  {
    id: 'held-money',
    question: 'When is money held, and how is it released?',
    answer:
      `Your first transfer to someone you matched less than ${TRANSFER_GUARD.newMatchHours} hours ago, or ${formatCents(TRANSFER_GUARD.confirmAtCents)} or more to one member within a day, asks you to confirm after a scam warning. ` +
      `It is then held for ${TRANSFER_GUARD.coolOffMinutes} minutes, when you can still cancel it, and released to the member on its own afterwards. ` +
      'If they can no longer receive it by then (for example, one of you blocked the other), the money returns to your balance. ' +
      'A withdrawal is held from your balance until the payout is confirmed, and comes back to it if the payout fails.',
  },
  {
    id: 'block-report',
    question: 'How do I block or report someone?',
    answer:
      'Use Block or Report on their profile or in your chat with them. A block hides you from each other everywhere at once and ends your match; they are not told. ' +
      'A report goes to our safety team with what happened, and can block them at the same time. The member never learns who reported them. ' +
      'You can unblock anyone from the Safety Center’s Blocked Members tab.',
  },
  {
    id: 'incognito-ghost',
    question: 'Who can see my profile? What are Incognito and Ghost Mode?',
    answer:
      'Members see profiles up to their own tier. Your profile visibility setting narrows that: Public, My tier and above, or Private (only your matches). ' +
      'With Incognito Mode on, only members you liked can see you. ' +
      `Ghost Mode (${TIERS[4].name}) takes you out of every feed, search and Interests list, and your profile views are not recorded. ` +
      'Both are switches in Settings.',
  },
  {
    id: 'photos',
    question: 'Why isn’t my new photo showing yet?',
    answer:
      `You can have up to ${PHOTO_MAX_COUNT} photos of up to ${photoMegabytes} MB each. Every photo is checked before other members see it: an automatic check clears safe photos at once, and any it cannot clear waits for a moderator. ` +
      `If one is rejected you see why, and can appeal from the Safety Center’s Photo Appeals tab; we reply within ${APPEAL_REPLY_TEXT}.`,
  },
  {
    id: 'safe-meeting',
    question: 'Where should we meet for a first date?',
    answer:
      `The Safety Center’s Safe Locations tab lists up to ${SAFE_LOCATIONS_LIMIT} verified public places in your city with a safety rating of ${SAFE_LOCATION_MIN_RATING} or more, whether they are open now, and a link to find them on a map. ` +
      'Meet in public, tell a friend where you are going, and never send money to someone you have not met.',
  },
  {
    id: 'billing',
    question: 'How do I cancel or change my plan?',
    answer:
      'Open Subscription and choose Manage: you can cancel at any time, and your plan stays active until the end of the period you paid for. ' +
      'Payments are handled by our payment provider; we never see your card number.',
  },
  {
    id: 'data',
    question: 'How do I download or delete my data?',
    answer:
      'Open Settings and choose Export My Data: we gather your profile, settings, photos, matches, messages and wallet history into one archive and e-mail you a download link, valid for 24 hours (one export a day). ' +
      'To delete your account, choose Delete Account in Settings and confirm with your password: your profile, photos, ID images, location, emergency contact, likes and notifications are deleted at once, you are signed out everywhere and your e-mail address is free to use again. ' +
      'An account whose wallet still holds money, or has a withdrawal or transfer pending, cannot be deleted: withdraw your balance first. ' +
      `Records the law requires us to keep (messages and wallet transactions, ${TRANSACTION_RETENTION_YEARS} years) stay, under the name “Deleted member”.`,
  },
  {
    id: 'events',
    question: 'What are Exclusive Events?',
    answer:
      `Private parties and galas at premium venues, for ${TIERS[3].name} members and above, with VIP events for ${TIERS[4].name}. ` +
      'The Events page is opening soon.',
  },
  {
    id: 'contact',
    question: 'How do I reach the Royal Circle team?',
    answer: `Choose Contact Support in this Help dialog, or Report an Issue for a problem with the app. We reply ${SUPPORT_REPLY_TEXT}.`,
  },
];

/** Lower case without accents, so "cafe" finds "café" and "ID" finds "id". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The entries whose question or answer holds every word of `query` (all of them for a blank query). */
export function faqMatching(query: string, entries: readonly FaqEntry[] = FAQ): readonly FaqEntry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = folded(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
