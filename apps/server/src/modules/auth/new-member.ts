import { randomUUID } from 'node:crypto';
import { PRIVACY_VERSION, type Role, SIGNUP_DEFAULTS, TERMS_VERSION } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { locationColumns } from '../../db/geo';
import {
  accounts,
  escrowWallets,
  ledgerAccounts,
  notifications,
  profiles,
  safetySettings,
  userCompliance,
  userRoles,
  users,
} from '../../db/schema';
import { queueEmail, renderMail } from '../mail';
import { sendEmailConfirmation } from './account-email';

type ProfileInsert = typeof profiles.$inferInsert;
type SettingsInsert = typeof safetySettings.$inferInsert;

/** The profile facts a new member starts with; anything left out takes the spec's sign-up default. */
export type NewMemberProfile = Omit<
  ProfileInsert,
  'userId' | 'name' | 'lat' | 'lng' | 'geoLat' | 'geoLng'
> & {
  /** The member's point: stored snapped to ~1 km; only its coarse, keyed cell is used for others. */
  location?: { lat: number; lng: number };
};

export type NewMemberRecords = {
  name: string;
  profile?: NewMemberProfile;
  roles?: readonly Role[];
  settings?: Omit<SettingsInsert, 'userId'>;
  /**
   * Through the whole compliance gate at this instant, e.g. demo, test and journey members: the
   * current terms and privacy accepted, and the age check done — verified with `ageVerified`,
   * otherwise skipped. Without it (sign-up) the member meets the gate.
   */
  acceptedTermsAt?: Date;
  ageVerified?: boolean;
  /** Queue the welcome e-mail and write the welcome notice in the same transaction (sign-up). */
  welcomeEmailTo?: string;
};

export type MemberWriterDeps = { locationKey: Buffer };

/**
 * The one writer of everything a member has besides Better Auth's user row: profile (spec sign-up
 * defaults unless given), roles, settings, compliance, the escrow wallet with its two ledger accounts
 * and the welcome e-mail. Sign-up, the demo
 * seed, test factories and e2e fixtures all come through here, so a table every member needs
 * (wallet, ledger accounts, …) is added in exactly one place. Runs in the caller's transaction.
 */
export async function writeMemberRecords(
  tx: Tx,
  deps: MemberWriterDeps,
  userId: string,
  input: NewMemberRecords,
): Promise<void> {
  const { location, ...profile } = input.profile ?? {};
  const d = SIGNUP_DEFAULTS;
  await tx.insert(profiles).values({
    userId,
    name: input.name,
    age: d.age,
    gender: d.gender,
    userType: d.user_type,
    city: d.city,
    state: d.state,
    tierLevel: d.tier_level,
    popularityScore: d.popularity_score,
    ageRangeMin: d.age_range[0],
    ageRangeMax: d.age_range[1],
    distancePreference: d.distance_preference,
    lookingFor: d.looking_for,
    compensationPreference: d.compensation_preference,
    discretionRequired: d.discretion_required,
    ...profile,
    ...(location ? locationColumns(location, userId, deps.locationKey) : {}),
  });
  await tx.insert(userRoles).values((input.roles ?? ['user']).map((role) => ({ userId, role })));
  await tx.insert(safetySettings).values({ ...input.settings, userId });
  const accepted = input.acceptedTermsAt;
  await tx.insert(userCompliance).values({
    userId,
    ...(accepted
      ? {
          termsAcceptedAt: accepted,
          termsVersion: TERMS_VERSION,
          privacyAcceptedAt: accepted,
          privacyVersion: PRIVACY_VERSION,
        }
      : {}),
    ...(input.ageVerified ? { ageVerified: true, ageVerificationDate: accepted ?? new Date() } : {}),
    ...(accepted && !input.ageVerified ? { ageCheckSkippedAt: accepted } : {}),
  });
  await writeWallet(tx, userId);
  if (input.welcomeEmailTo) {
    await queueEmail(tx, welcomeEmail(input.welcomeEmailTo));
    // The first system notice: the bell is never empty-handed on a member's first visit.
    await tx.insert(notifications).values({
      userId,
      type: 'system',
      title: 'Welcome to the Royal Circle',
      message: 'Complete your profile and verification to unlock every tier benefit.',
      link: '/profile/edit',
    });
  }
}

/**
 * Every member has a wallet from the start, even on tier 0 (which may not use it): upgrading then
 * needs no lazy creation on a money path, where a race could make two.
 */
async function writeWallet(tx: Tx, userId: string) {
  const [wallet, hold] = await tx
    .insert(ledgerAccounts)
    .values([
      { kind: 'user_wallet', userId },
      { kind: 'user_hold', userId },
    ])
    .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
  if (!wallet || !hold || wallet.kind !== 'user_wallet') throw new Error('ledger accounts not created');
  await tx.insert(escrowWallets).values({ userId, walletAccountId: wallet.id, holdAccountId: hold.id });
}

export type DirectMember = NewMemberRecords & {
  id?: string;
  email: string;
  /** A Better Auth (scrypt) hash: the member gets a credential account and can sign in. */
  passwordHash?: string;
  /** Confirmed e-mail (default: yes; only sign-up starts a member who must confirm theirs). */
  emailVerified?: boolean;
  createdAt?: Date;
  /**
   * Whether the member has finished onboarding (default: yes, at createdAt). Demo, test and e2e
   * members are complete people; only sign-up starts a member who still has to answer the questions.
   */
  onboarded?: boolean;
};

/**
 * A whole member written directly, without the sign-up route: Better Auth's user row (and
 * credential account when a password hash is given), then writeMemberRecords. For the demo seed,
 * test factories and e2e fixtures. One transaction.
 */
export async function createMemberDirectly(
  db: Db,
  deps: MemberWriterDeps,
  input: DirectMember,
): Promise<{ id: string; email: string }> {
  const id = input.id ?? randomUUID();
  const createdAt = input.createdAt ?? new Date();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: input.email,
      name: input.name,
      emailVerified: input.emailVerified ?? true,
      createdAt,
    });
    if (input.passwordHash) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: input.passwordHash,
        createdAt,
      });
    }
    await writeMemberRecords(tx, deps, id, {
      ...input,
      profile: { createdAt, onboardedAt: input.onboarded === false ? null : createdAt, ...input.profile },
    });
  });
  return { id, email: input.email };
}

/**
 * After Better Auth has written a new account's user row (sign-up): the member's records and the
 * e-mail confirmation link, or — if
 * they cannot be written — the user row removed again, so no account is ever left half-made.
 */
export async function completeSignUp(
  db: Db,
  deps: MemberWriterDeps & { publicOrigin: string },
  user: { id: string; email: string },
) {
  try {
    await db.transaction(async (tx) => {
      await writeMemberRecords(tx, deps, user.id, { name: SIGNUP_DEFAULTS.name, welcomeEmailTo: user.email });
      // The link that confirms the address (decision 056), with the account or not at all.
      await sendEmailConfirmation(tx, deps.publicOrigin, { userId: user.id, email: user.email });
    });
  } catch (error) {
    await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
}

function welcomeEmail(to: string) {
  return {
    to,
    ...renderMail({
      title: 'Welcome to the Royal Circle',
      paragraphs: [
        'Welcome to the Royal Circle — where luxury meets love.',
        'Your account is ready. Complete your profile and verification to unlock every tier benefit.',
        'If you did not create this account, reply to this e-mail and we will remove it.',
      ],
      kind: 'notice',
    }),
  };
}
