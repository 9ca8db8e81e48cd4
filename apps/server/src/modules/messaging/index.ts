// The messaging module's public surface.
export {
  listMatches,
  listMessages,
  markMatchRead,
  reencryptMessages,
  SENT_MESSAGE_RECIPE,
  sealedMessageValues,
  sendMessage,
  sentMessageRecipe,
  typingRecipient,
} from './service';
