// Public surface of the admin queues (issue 37): the Reports (with date disputes, issue 39), Support
// and Waitlist tabs for the dashboard's tab registry, the queue counts with the badge their tab
// labels show, and the pieces another queue's tab builds on (a claimed item's dialog, its decision
// toasts, its facts, its table).
export { isTakenElsewhere, refreshAfterDecision, useQueueCounts } from './api/queues';
export { decisionToasts, Facts, filedAt } from './components/decision';
export { QueueCountBadge } from './components/queue-count-badge';
export { claimUntilTime, QueueItemDialog } from './components/queue-item-dialog';
export { QueueTable } from './components/queue-table';
export { ReportsTab } from './components/reports-tab';
export { SupportTab } from './components/support-tab';
export { WaitlistTab } from './components/waitlist-tab';
