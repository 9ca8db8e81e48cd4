import type { AuditPage, AuditQuery } from '@royal/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { cursorCodec } from '../../lib/cursor';
import { presentAuditEntry } from './presenter';
import { auditRows } from './queries';

const AUDIT_PAGE = 50;
const auditCursor = cursorCodec(z.object({ id: z.number().int().positive() }));

/** The audit log for the admins, filtered by admin, member and action, newest first. */
export async function listAudit(ctx: AppContext, { query }: { query: AuditQuery }): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE;
  const rows = await auditRows(ctx.db, query, auditCursor.decode(query.cursor)?.id ?? null, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentAuditEntry),
    next_cursor: rows.length > limit && last ? auditCursor.encode({ id: last.id }) : null,
  };
}
