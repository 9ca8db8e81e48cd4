// The messaging module's public surface.

export { matchFor } from './match-access';
export { listMatches } from './matches-list';
export { messageColumns } from './message-rows';
export { listMessages } from './messages-list';
export { markMatchRead } from './read';
export { reencryptMessages } from './reencrypt';
export { purgeExpiredMessages } from './retention';
export { sealedMessageValues, shownText } from './sealing';
export { sendMessage } from './send';
export { SENT_MESSAGE_RECIPE, sentMessageRecipe } from './sent-events';
export { typingRecipient } from './typing';
