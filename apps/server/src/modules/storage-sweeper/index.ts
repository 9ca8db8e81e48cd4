// The storage sweeper's public surface: the job that removes objects no row names.
export { ORPHAN_GRACE_MS, STORAGE_SWEEP_JOB, type SweepCounts, sweepOrphanedObjects } from './sweep';
