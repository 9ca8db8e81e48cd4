import {
  ADMIN_MEMBER_SORTS,
  type AdminMemberSort,
  type AdminMemberSortColumn,
  type AdminMembersPage,
  type AdminMembersQuery,
  adminMemberSortParts,
  tierSchema,
} from '@royal/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { cursorCodec, microsecondTimeSchema } from '../../lib/cursor';
import { presentMemberRow } from './presenter';
import { type MemberCursor, memberPage } from './queries';

const MEMBERS_PAGE = 25;

// Sort keys as each order's cursor holds them (queries.ts ORDERS): times to the microsecond, names
// lower-cased as the index holds them.
const nameKey = z.string().max(1000);
const KEYS: Record<AdminMemberSortColumn, z.ZodType<(string | number)[]>> = {
  joined: z.tuple([microsecondTimeSchema()]),
  last_active: z.tuple([microsecondTimeSchema()]),
  name: z.tuple([nameKey]),
  tier: z.tuple([tierSchema, nameKey]),
};

/** One codec per sort: a cursor from another order is the same 400 as a forged one. */
const CURSORS = Object.fromEntries(
  ADMIN_MEMBER_SORTS.map((sort) => [
    sort,
    cursorCodec<MemberCursor>(
      z.object({ s: z.literal(sort), k: KEYS[adminMemberSortParts(sort).column], id: z.uuid() }),
    ),
  ]),
) as Record<AdminMemberSort, ReturnType<typeof cursorCodec<MemberCursor>>>;

/** The admins' member list: searched by name or e-mail, filtered, in the order asked. */
export async function listMembers(
  ctx: AppContext,
  { query }: { query: AdminMembersQuery },
): Promise<AdminMembersPage> {
  const limit = query.limit ?? MEMBERS_PAGE;
  const cursor = CURSORS[query.sort];
  const rows = await memberPage(ctx.db, query, cursor.decode(query.cursor), limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ key: _key, ...row }) => presentMemberRow(row)),
    next_cursor:
      rows.length > limit && last ? cursor.encode({ s: query.sort, k: last.key, id: last.id }) : null,
  };
}
