import { AUDIT_ACTIONS, type AuditEntry, auditActionLabel } from '@royal/shared';
import { ScrollText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cursorPagedTable, DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { type AuditFilters, NO_AUDIT_FILTERS, useAuditLog } from '../api/audit';
import { auditChange } from './change';

/** The filters that take an id: who acted, the member a row is about, the one thing acted on. */
const ID_FILTERS = ['actor_id', 'member_id', 'target_id'] as const;
type IdFilter = (typeof ID_FILTERS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_AN_ID = 'Enter an id as the Users tab shows it, or pick a name in the log';
const FIELD =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring';
const NAME_BUTTON =
  '-mx-1 cursor-pointer rounded px-1 text-left underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The Audit Log tab: every admin action and ID view, newest first, a page at a time, filtered by
 * admin, member (every row about them: their photos, reports against them, their requests), the one
 * thing acted on, and action. A name in the log filters by it.
 */
export function AuditLogTab() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const filterBy = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  const columns: readonly DataTableColumn<AuditEntry>[] = [
    { id: 'when', header: 'When', cell: (e) => new Date(e.created_at).toLocaleString(), rowHeader: true },
    {
      id: 'admin',
      header: 'By',
      cell: (e) =>
        e.actor ? (
          <button
            type="button"
            className={NAME_BUTTON}
            aria-label={`Show only actions by ${e.actor.name ?? 'this admin'}`}
            onClick={() => filterBy({ actor_id: e.actor?.id ?? '' })}
          >
            {e.actor.name ?? e.actor.id}
          </button>
        ) : (
          <span className="text-muted-foreground">System</span>
        ),
    },
    { id: 'action', header: 'Action', cell: (e) => auditActionLabel(e.action) },
    {
      id: 'target',
      header: 'On whom',
      cell: (e) =>
        e.target.id ? (
          <button
            type="button"
            className={NAME_BUTTON}
            aria-label={`Show only actions on ${e.target.name ?? `this ${e.target.type ?? 'item'}`}`}
            // A member's name shows every row about them; anything else (an event, an application) itself.
            onClick={() =>
              filterBy(e.member_id ? { member_id: e.member_id } : { target_id: e.target.id ?? '' })
            }
          >
            {e.target.name ?? e.target.id}
            {e.target.type && e.target.type !== 'user' && (
              <span className="block text-muted-foreground text-xs">
                {e.target.type.replaceAll('_', ' ')}
              </span>
            )}
          </button>
        ) : (
          '—'
        ),
    },
    {
      id: 'change',
      header: 'Before → after',
      cell: (e) => (
        <span className="block max-w-[32ch] whitespace-normal">{auditChange(e.before, e.after)}</span>
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (e) => <span className="block max-w-[28ch] whitespace-normal">{e.reason ?? '—'}</span>,
    },
    { id: 'ip', header: 'Address', cell: (e) => e.ip ?? '—' },
  ];

  return (
    <div className="grid gap-4">
      <AuditFilterForm key={JSON.stringify(filters)} filters={filters} onApply={setFilters} />
      <DataTable
        caption="Audit log, newest first"
        columns={columns}
        rowKey={(e) => e.id}
        loadingLabel="Loading the audit log..."
        empty={{
          title: 'No audit entries',
          description: 'Admin actions matching these filters appear here.',
          Icon: ScrollText,
        }}
        {...cursorPagedTable(log, 'Failed to load the audit log')}
      />
    </div>
  );
}

/** The filters as the admin edits them; applied together, so a half-typed id sends nothing. */
function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [problems, setProblems] = useState<Partial<Record<IdFilter, string>>>({});
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...draft,
      actor_id: draft.actor_id.trim(),
      member_id: draft.member_id.trim(),
      target_id: draft.target_id.trim(),
    };
    const found = Object.fromEntries(
      ID_FILTERS.filter((field) => next[field] !== '' && !UUID.test(next[field])).map((field) => [
        field,
        NOT_AN_ID,
      ]),
    );
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(next);
  };
  const idField = (field: IdFilter, label: string) => (
    <div className="grid content-start gap-1">
      <label htmlFor={`${id}-${field}`} className="font-semibold text-sm">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        value={draft[field]}
        onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        placeholder="Any"
        spellCheck={false}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={problems[field] ? `${id}-${field}-problem` : undefined}
        className={FIELD}
      />
      {problems[field] && (
        <p id={`${id}-${field}-problem`} role="alert" className="text-danger text-xs">
          {problems[field]}
        </p>
      )}
    </div>
  );
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid items-end gap-3 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 xl:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <div className="grid content-start gap-1">
        <label htmlFor={`${id}-action`} className="font-semibold text-sm">
          Action
        </label>
        <select
          id={`${id}-action`}
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          className={FIELD}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(action)}
            </option>
          ))}
        </select>
      </div>
      {idField('actor_id', 'Admin id')}
      {idField('member_id', 'Member id')}
      {idField('target_id', 'Item id')}
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        <Button type="button" variant="outline" onClick={() => onApply(NO_AUDIT_FILTERS)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
