// The date plans module's public surface (issue 39, decision 069).
export { DATE_PLAN_REMIND_JOB, DATE_REMINDER_NOTICE_KEY, remindDuePlans } from './reminder-job';
export { DATE_PLAN_SETTLE_JOB, settleDuePlans } from './settle-job';
export { DATE_PLAN_WATCH_JOB, TIMER_QUESTION_NOTICE_KEY, watchOverDates } from './watch-job';
