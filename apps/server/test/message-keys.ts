import { parseMessageKeys } from '../src/lib/message-crypto';

/** A fixed message key ring for tests (never a generated file shared between runs). */
export const TEST_MESSAGE_KEYS = parseMessageKeys(`test1:${Buffer.alloc(32, 7).toString('base64')}`);
