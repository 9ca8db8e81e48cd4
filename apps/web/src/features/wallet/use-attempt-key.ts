import { useCallback, useState } from 'react';
import { isRefusal } from '@/lib/api';
import { newAttemptKey } from './money';

/**
 * The Idempotency-Key of a money form's current attempt. The server stores its answer under the key
 * and replays it for the same key, a refusal ('Insufficient funds') included. So the key is kept
 * only to retry the same attempt after network trouble or a 5xx, where the server may not have
 * answered; an edit, a success or a refusal starts a new attempt, which the server judges afresh
 * (after a top-up, say).
 */
export function useAttemptKey() {
  const [key, setKey] = useState(newAttemptKey);
  const renew = useCallback(() => setKey(newAttemptKey()), []);
  const afterFailure = useCallback(
    (error: unknown) => {
      if (isRefusal(error)) renew();
    },
    [renew],
  );
  return { key, renew, afterFailure };
}
