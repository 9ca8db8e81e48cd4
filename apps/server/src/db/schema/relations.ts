import { relations } from 'drizzle-orm';
import { accounts, sessions, userRoles, users } from './auth';
import { eventRsvps, events } from './events';
import { messages } from './messaging';
import { photos } from './photos';
import { profiles } from './profiles';
import { userBlocks } from './safety';
import { matches, notifications, swipeActions } from './social';
import { verificationRequests } from './verification';
import { ledgerAccounts, ledgerEntries, ledgerLines, walletTransactions } from './wallet';

// Relations for db.query.* (drizzle's relational queries). Member-facing relations point at
// `profiles` rather than `users`, because what a screen shows about another member is the profile.
// `many()` needs a matching `one()` on the other side; `relationName` pairs them when two tables are
// linked more than once.

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles),
  roles: many(userRoles),
  sessions: many(sessions),
  accounts: many(accounts),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  profile: one(profiles, { fields: [userRoles.userId], references: [profiles.userId] }),
}));

export const profilesRelations = relations(profiles, ({ one, many }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
  photos: many(photos),
  roles: many(userRoles),
}));

export const photosRelations = relations(photos, ({ one }) => ({
  profile: one(profiles, { fields: [photos.userId], references: [profiles.userId] }),
}));

export const swipeActionsRelations = relations(swipeActions, ({ one }) => ({
  swiper: one(profiles, {
    fields: [swipeActions.swiperId],
    references: [profiles.userId],
    relationName: 'swipe_swiper',
  }),
  target: one(profiles, {
    fields: [swipeActions.targetId],
    references: [profiles.userId],
    relationName: 'swipe_target',
  }),
}));

export const matchesRelations = relations(matches, ({ one, many }) => ({
  user1: one(profiles, {
    fields: [matches.user1Id],
    references: [profiles.userId],
    relationName: 'match_user1',
  }),
  user2: one(profiles, {
    fields: [matches.user2Id],
    references: [profiles.userId],
    relationName: 'match_user2',
  }),
  messages: many(messages),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  match: one(matches, { fields: [messages.matchId], references: [matches.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  actor: one(profiles, { fields: [notifications.actorId], references: [profiles.userId] }),
}));

export const userBlocksRelations = relations(userBlocks, ({ one }) => ({
  blocked: one(profiles, {
    fields: [userBlocks.blockedId],
    references: [profiles.userId],
    relationName: 'block_blocked',
  }),
}));

export const verificationRequestsRelations = relations(verificationRequests, ({ one }) => ({
  profile: one(profiles, { fields: [verificationRequests.userId], references: [profiles.userId] }),
}));

export const eventsRelations = relations(events, ({ many }) => ({
  rsvps: many(eventRsvps),
}));

export const eventRsvpsRelations = relations(eventRsvps, ({ one }) => ({
  event: one(events, { fields: [eventRsvps.eventId], references: [events.id] }),
  profile: one(profiles, { fields: [eventRsvps.userId], references: [profiles.userId] }),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ many }) => ({
  lines: many(ledgerLines),
  walletTransactions: many(walletTransactions),
}));

export const ledgerLinesRelations = relations(ledgerLines, ({ one }) => ({
  entry: one(ledgerEntries, { fields: [ledgerLines.entryId], references: [ledgerEntries.id] }),
  account: one(ledgerAccounts, { fields: [ledgerLines.accountId], references: [ledgerAccounts.id] }),
}));

export const walletTransactionsRelations = relations(walletTransactions, ({ one }) => ({
  entry: one(ledgerEntries, { fields: [walletTransactions.entryId], references: [ledgerEntries.id] }),
}));
