/** A plan's or a sponsorship's end as the member reads it: 'May 3, 2030' in their own locale. */
export const dateLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
