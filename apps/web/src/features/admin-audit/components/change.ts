/** One recorded value in words: an object as its `key: value` pairs, nothing as a dash. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.map(auditValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key.replaceAll('_', ' ')}: ${auditValue(inner)}`)
      .join(', ');
  }
  return String(value);
}

/** A row's before → after, or nothing when the action recorded neither. */
export function auditChange(before: unknown, after: unknown): string {
  if (before === undefined && after === undefined) return '—';
  return `${auditValue(before)} → ${auditValue(after)}`;
}
