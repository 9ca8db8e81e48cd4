// Every table, enum and relation; drizzle-kit reads this file and `createDatabase` passes it to drizzle
// so that db.query.* knows the relations.
export * from './admin-queues';
export * from './analytics';
export * from './audit';
export * from './auth';
export * from './billing';
export * from './data-export';
export * from './date-plan-ratings';
export * from './date-plan-watches';
export * from './date-plans';
export * from './enforcement';
export * from './events';
export * from './growth';
export * from './messaging';
export * from './outbox';
export * from './photos';
export * from './profiles';
export * from './push';
export * from './realtime';
export * from './relations';
export * from './safety';
export * from './second-factor';
export * from './sms';
export * from './social';
export * from './support';
export * from './verification';
export * from './wallet';
