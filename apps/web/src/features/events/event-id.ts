const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a URL's id can name an event at all; any other is 'Event Not Found' without asking. */
export function isEventId(id: string): boolean {
  return UUID.test(id);
}
