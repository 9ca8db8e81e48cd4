/**
 * The instant before which records kept `years` years are due for deletion at `now`: the same date
 * and time, `years` calendar years earlier (UTC), so a leap day does not shift the cutoff a day.
 */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}
