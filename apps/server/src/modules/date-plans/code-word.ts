import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { normaliseCodeWord } from '@royal/shared';

// A safety timer's code word (issue 39) is short and chosen by a person, so it is kept as a salted
// scrypt hash (a copy of the database does not give it away cheaply), and compared after the same
// normalisation (case and spacing do not count: shared normaliseCodeWord).

const VERSION = 'scrypt1';
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

function derive(word: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(normaliseCodeWord(word), salt, KEY_BYTES, PARAMS, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashCodeWord(word: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(word, salt);
  return `${VERSION}.${salt.toString('base64url')}.${key.toString('base64url')}`;
}

/** Whether `word` is the one `stored` was made from (compared in constant time). */
export async function codeWordMatches(word: string, stored: string): Promise<boolean> {
  const [version, salt, key, ...rest] = stored.split('.');
  if (version !== VERSION || !salt || !key || rest.length > 0) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(word, Buffer.from(salt, 'base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
