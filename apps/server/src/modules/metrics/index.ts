// The operator's view (decision 066): Prometheus metrics at /metrics, request ids carried into jobs.
export { type AppMetrics, createMetrics } from './registry';
export {
  currentRequestId,
  inJobScope,
  requestIdGenerator,
  requestIdOf,
  withJobRequestIds,
} from './request-id';
export { registerRequestTracking } from './tracking';
