import type {
  AdminDesk,
  ChatPair,
  Issue31Members,
  JourneyMember,
  RestrictedMembers,
  WalletTrio,
} from './journey-members';

/**
 * What global setup hands to the test workers. Global setup runs in Playwright's main process before
 * any worker starts, and workers inherit its `process.env`, so the values travel as environment
 * variables (the members as JSON). Type-only imports keep the server code out of the workers.
 */
export type E2EGlobals = {
  /** The origin the browser uses and the server trusts for state-changing requests. */
  baseUrl: string;
  /** Global setup's control server, for what no member can do in the app (control.ts). */
  controlUrl: string;
  /** Members made for the journeys (see journey-members.ts), in the order created. */
  journeyMembers: JourneyMember[];
  journeyPassword: string;
  /** Two matched members for the messaging journey. */
  chatPair: ChatPair;
  /** Two matched members for the blocks and reports journey. */
  safetyPair: ChatPair;
  settingsPair: ChatPair;
  /** Two matched members: she exports her data and then deletes her account. */
  leavingPair: ChatPair;
  /** Two matched members: he turns on two-factor and adds a passkey. */
  securityPair: ChatPair;
  /** Two matched members with money in their wallets: they plan, keep and miss dates. */
  datePair: ChatPair;
  /** A tier-2 woman who RSVPs, is checked in at the door and chooses a Freakoff mode. */
  eventGuest: JourneyMember;
  /** A payer, a payee and a tier-0 newcomer for the wallet and subscription journey. */
  walletTrio: WalletTrio;
  /** Per viewport, a tier-1 man before the compliance gate, matched with a verified woman. */
  verificationCandidates: Record<'phone' | 'desktop', ChatPair>;
  /** Two tier-1 men who may not message (not verified; subscription lapsed), matched with a verified woman. */
  restrictedMembers: RestrictedMembers;
  /** A tier-1 man whose age check and verification wizard both expired before anyone reviewed them. */
  expiredVerificationMember: JourneyMember;
  /** The members of the issue 31 screens, one pair or member per state. */
  issue31: Issue31Members;
  /** The admin journey's admin (with two-factor), members, report and waitlist application. */
  adminDesk: AdminDesk;
  /** Image files the verification journey uploads (an ID card and a selfie, drawn). */
  sampleImages: { id: string; selfie: string };
};

const ENV = 'ROYAL_E2E_GLOBALS';

export function publishGlobals(globals: E2EGlobals) {
  process.env[ENV] = JSON.stringify(globals);
}

export function readGlobals(): E2EGlobals {
  const raw = process.env[ENV];
  if (!raw)
    throw new Error(
      `${ENV} is not set: run the journeys with \`npm run test:e2e\` (or \`npx playwright test -c e2e/playwright.config.ts\`), whose global setup starts the server.`,
    );
  return JSON.parse(raw) as E2EGlobals;
}
