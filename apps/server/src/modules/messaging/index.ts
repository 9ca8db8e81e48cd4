// The messaging module's public surface.
export { messagingRoutes } from './routes';
export {
  listMatches,
  listMessages,
  markMatchRead,
  reencryptMessages,
  sealedMessageValues,
  sendMessage,
  typingRecipient,
} from './service';
