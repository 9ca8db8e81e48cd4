import { vapidKeyPair } from '../src/config';
import { parseKeyRing } from '../src/lib/key-ring';
import { parseMessageKeys } from '../src/lib/message-crypto';

/** A fixed message key ring for tests (never a generated file shared between runs). */
export const TEST_MESSAGE_KEYS = parseMessageKeys(`test1:${Buffer.alloc(32, 7).toString('base64')}`);

/** A fixed ring for the ID store in tests, unlike the message ring (separate keys, as in production). */
export const TEST_ID_DOCUMENT_KEYS = parseKeyRing(
  `idtest1:${Buffer.alloc(32, 9).toString('base64')}`,
  'ID document key',
);

/** A fixed VAPID key pair for tests (never the generated file in the data folder). */
export const TEST_VAPID = {
  ...vapidKeyPair(Buffer.alloc(32, 5).toString('base64url')),
  subject: 'mailto:push-tests@royal-circle.test',
};
