import type { AdminMembersPage, AdminMembersQuery } from '@royal/shared';
import type { AppContext } from '../../context';
import { timeAndIdCursor } from '../../lib/cursor';
import { presentMemberRow } from './presenter';
import { memberPage } from './queries';

const MEMBERS_PAGE = 25;

/** The admins' member list: searched by name or e-mail, filtered, newest sign-ups first. */
export async function listMembers(
  ctx: AppContext,
  { query }: { query: AdminMembersQuery },
): Promise<AdminMembersPage> {
  const limit = query.limit ?? MEMBERS_PAGE;
  const rows = await memberPage(ctx.db, query, timeAndIdCursor.decode(query.cursor), limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ key: _key, ...row }) => presentMemberRow(row)),
    next_cursor: rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.id }) : null,
  };
}
