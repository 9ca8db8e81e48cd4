// The receiver's one notice of a chat's new messages (decision 031): its key, by which the send
// writes it and reading the chat marks it read, and its words.

/** The key of the receiver's one new-messages notice of a chat (notifications.dedupe_key). */
export const chatNoticeKey = (matchId: string) => `messages:${matchId}`;

/**
 * The receiver's notice of a chat's new messages, by how many arrived since they last read it:
 * "Ana sent you a message", then "3 new messages from Ana". The send statement puts the count
 * before `messageAfterCount` itself, since only it knows the count without a race.
 */
export function newMessagesNotice(senderName: string) {
  return {
    one: { title: 'New message', message: `${senderName} sent you a message` },
    many: { title: 'New messages', messageAfterCount: ` new messages from ${senderName}` },
  };
}
