import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EmailTokenPurpose, emailTokens } from '../../db/schema';

/**
 * The links we e-mail (decision 056): a random token in the link, only its SHA-256 in the database,
 * used once and only before it expires. Each purpose keeps its own lifetime.
 */
export const LINK_LIFETIME_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  confirm_email: 24 * 60 * 60_000,
  reset_password: 30 * 60_000,
  change_email: 24 * 60 * 60_000,
};

/** Links of one kind an account is sent per hour, whoever asks (counted from the table itself). */
export const LINKS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/** The web pages the links open (apps/web routes). */
export const LINK_PAGES: Readonly<Record<EmailTokenPurpose, string>> = {
  confirm_email: '/confirm-email',
  reset_password: '/reset-password',
  change_email: '/confirm-email',
};

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const linkUrl = (origin: string, purpose: EmailTokenPurpose, token: string) =>
  `${origin}${LINK_PAGES[purpose]}?token=${encodeURIComponent(token)}`;

type Issue = { userId: string; purpose: EmailTokenPurpose; email: string; now?: Date };

/** A new link's token (returned once, never stored) for `email`, written in the caller's transaction. */
export async function issueLinkToken(tx: Pick<Db, 'insert'>, issue: Issue): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = issue.now ?? new Date();
  await tx.insert(emailTokens).values({
    userId: issue.userId,
    purpose: issue.purpose,
    email: issue.email,
    tokenHash: hashLinkToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[issue.purpose]),
  });
  return token;
}

/** Links of `purpose` the account was sent in the last hour. */
export async function linksSentLastHour(db: Db, userId: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  return row?.n ?? 0;
}

export type SpentLink = { userId: string; email: string; createdAt: Date };

/**
 * Spends a link: the one statement that marks it used succeeds for exactly one caller, and only
 * while it is unused and unexpired. null for an unknown, used, expired or other-purpose token alike.
 */
export async function spendLinkToken(
  tx: Db,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<SpentLink | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashLinkToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email, createdAt: emailTokens.createdAt });
  return row ?? null;
}

/** Spends every open link of `purpose` of the account (a reset, a password change, a new request). */
export async function spendOpenLinks(tx: Db, userId: string, purpose: EmailTokenPurpose) {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
