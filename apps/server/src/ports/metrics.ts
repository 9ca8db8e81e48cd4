import type { PaymentEvent } from './payments';

/**
 * What the rest of the app tells the operator's metrics (modules/metrics implements it, decision
 * 066): events only the code that handles them sees. Requests, pools, queues and sockets are read
 * by the metrics themselves.
 */
export type MetricsPort = {
  /** A provider event applied once, after its transaction committed: failed payments are counted by kind. */
  paymentEventApplied(event: PaymentEvent): void;
  /** One run of a background job, as the queue ran it. */
  jobRan(name: string, outcome: 'completed' | 'failed'): void;
};
