// The messaging module's public surface.
export {
  listMatches,
  listMessages,
  markMatchRead,
  reencryptMessages,
  sealedMessageValues,
  sendMessage,
  typingRecipient,
} from './service';
