// The admin analytics' public surface (its routes are registered from src/routes.ts): the daily
// rollup job.
export { ANALYTICS_ROLLUP_JOB, rollUpFinishedDays, writeRollups } from './write-rollups';
