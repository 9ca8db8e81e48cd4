import { z } from 'zod';

/**
 * An id a client sends (in a path or a body): any UUID, read in lower case. PostgreSQL returns ids
 * lower-case, so one compared with a stored id (is this page my own?) or bound into a message's
 * encryption must be lower-case too, or it names a different thing than the row it came from.
 * `params` are z.uuid's (a custom error).
 */
export const uuidInput = (params?: Parameters<typeof z.uuid>[0]) => z.uuid(params).toLowerCase();

export const idParamSchema = z.object({
  id: uuidInput().describe('Resource id'),
});
export type IdParam = z.infer<typeof idParamSchema>;

export const CURSOR_LIMIT_MAX = 50;

// Query strings arrive as text, hence the coercion on limit.
export const cursorQuerySchema = z.object({
  cursor: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .describe('Opaque cursor from the previous page’s next_cursor'),
  limit: z.coerce.number().int().min(1).max(CURSOR_LIMIT_MAX).optional().describe('Page size, 1–50'),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/**
 * Which end of a list ordered by time comes first. Newest first reads a history; a queue of work is
 * read oldest first, so whoever has waited longest is answered first.
 */
export const LIST_ORDERS = ['newest', 'oldest'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const listOrderSchema = z
  .enum(LIST_ORDERS)
  .default('newest')
  .describe('newest first (the default) or oldest first; a cursor belongs to its order');

/** Wraps an item schema as one page of a cursor-paginated list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().describe('null on the last page'),
  });
}

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
