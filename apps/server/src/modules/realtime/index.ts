// The realtime module's public surface.
export { CLIENT_MESSAGE_ACCESS, type RealtimeHub } from './hub';
