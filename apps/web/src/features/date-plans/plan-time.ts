// A plan's time as the member reads it, in their own time zone (the API keeps instants), and the
// form's date and time fields turned into the instant the API takes.

const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Sat, 12 Dec, 8:00 PM' (in the browser's locale and zone). */
export const planWhen = (startsAt: string) => WHEN.format(new Date(startsAt));

const pad = (n: number) => String(n).padStart(2, '0');

/** A date field's and a time field's values for an instant, in the browser's zone. */
export function localFields(at: Date): { date: string; time: string } {
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The instant a date field and a time field name in the browser's zone, or null when either is empty. */
export function instantOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Tomorrow at 8 PM: the form's first suggestion, well past the shortest lead. */
export function suggestedStart(now = new Date()): Date {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(20, 0, 0, 0);
  return at;
}
