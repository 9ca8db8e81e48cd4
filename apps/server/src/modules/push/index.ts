// The push module's public surface (issue 40): the delivery worker's pass and the retention of its
// outbox. Devices subscribe through its routes; pushes are queued by the trigger on notifications
// (db/sql/queue_push.sql).
export { decidePush, type PushDecision, type PushPreferences, pushKindOf } from './decide';
export {
  PUSH_MAX_ATTEMPTS,
  type PushDeliveryDeps,
  type PushPass,
  pruneHandledPushes,
  sendPushes,
} from './delivery';
