// The data-export module's public surface: Export My Data's job, its purge and the job's queue name.
export { buildPendingExports, type ExportRun } from './build';
export { purgeExpiredExports } from './purge';
export { DATA_EXPORT_JOB } from './request';
