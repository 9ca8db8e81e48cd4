// The realtime module's public surface.

export { closeSocketsGoingAway } from './going-away';
export { CLIENT_MESSAGE_ACCESS, type RealtimeHub } from './hub';
export { createEventPositions, pruneRealtimeEvents, REALTIME_RETENTION_MS } from './positions';
