/** A fresh Idempotency-Key for one attempt of a money action. */
export const newAttemptKey = () => crypto.randomUUID();
