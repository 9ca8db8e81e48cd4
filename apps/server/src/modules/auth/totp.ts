import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@royal/shared';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { backupCodes, totpSecrets } from '../../db/schema';

/**
 * TOTP (RFC 6238, SHA-1, 6 digits, 30 s) with otpauth, and backup codes (decision 057). The secret
 * is stored encrypted (AES-256-GCM under a key derived from the auth secret); a code is accepted for
 * a time step newer than the last one accepted, so the same code is never taken twice.
 */
const ISSUER = 'Royal Circle';
/** One step either side of now, for clocks a little out. */
const WINDOW = 1;

const keyOf = (authSecret: string) =>
  Buffer.from(hkdfSync('sha256', authSecret, 'royal-circle', 'totp-secret', 32));

export function encryptSecret(base32: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptSecret(ciphertext: string, authSecret: string): string {
  const raw = Buffer.from(ciphertext, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpFor(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The code for `base32` at `at` (tests, the e2e harness with the demo admin's seed secret). */
export const totpCode = (base32: string, at = Date.now()) => totpFor(base32, 'x').generate({ timestamp: at });

/** The time step the code belongs to, or null when it is no code of the secret near now. */
export function matchingStep(base32: string, code: string, at = Date.now()): number | null {
  const delta = totpFor(base32, 'x').validate({ token: code, timestamp: at, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function backupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const normaliseBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const hashBackupCode = (code: string) =>
  createHash('sha256').update(normaliseBackupCode(code)).digest('hex');
/** Six digits (spaces allowed) is a TOTP code; anything else is taken for a backup code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

type Tx = Pick<Db, 'insert' | 'delete'>;

/** Ten new backup codes for the member (the old ones go): the codes, shown once, never stored. */
export async function replaceBackupCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, backupCode);
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.insert(backupCodes).values(codes.map((code) => ({ userId, codeHash: hashBackupCode(code) })));
  return codes;
}

export type CodeCheck = 'ok' | 'invalid' | 'used';

/**
 * Checks a code of a member with confirmed TOTP, and spends it: a TOTP code moves the member's last
 * step on (one atomic update, so two requests with one code cannot both pass), a backup code is
 * marked used. `totpOnly` refuses backup codes (confirming an enrolment).
 */
export async function spendCode(
  db: Db,
  authSecret: string,
  userId: string,
  rawCode: string,
  { confirmed = true, totpOnly = false }: { confirmed?: boolean; totpOnly?: boolean } = {},
): Promise<CodeCheck> {
  const code = rawCode.replace(/\s/g, '');
  if (isTotpCode(code)) {
    const [row] = await db
      .select({ secret: totpSecrets.secretCiphertext })
      .from(totpSecrets)
      .where(
        and(
          eq(totpSecrets.userId, userId),
          confirmed ? isNotNull(totpSecrets.confirmedAt) : isNull(totpSecrets.confirmedAt),
        ),
      );
    if (!row) return 'invalid';
    const step = matchingStep(decryptSecret(row.secret, authSecret), code);
    if (step === null) return 'invalid';
    const moved = await db
      .update(totpSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpSecrets.userId, userId),
          or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpSecrets.userId });
    return moved.length > 0 ? 'ok' : 'used';
  }
  if (totpOnly || !confirmed) return 'invalid';
  const spent = await db
    .update(backupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, hashBackupCode(code)),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return spent.length > 0 ? 'ok' : 'invalid';
}

/** A confirmed enrolment written directly (test factories, the demo admin's seed). */
export async function enrolTotpDirectly(
  db: Pick<Db, 'insert'>,
  authSecret: string,
  userId: string,
  base32: string,
): Promise<void> {
  await db
    .insert(totpSecrets)
    .values({ userId, secretCiphertext: encryptSecret(base32, authSecret), confirmedAt: new Date() })
    .onConflictDoNothing();
}
