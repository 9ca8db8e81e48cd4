import { type MemberSettings, memberSettingsPatchSchema } from '@royal/shared';
import type { MockHandler } from './fetch-mock';
import { makeSettings } from './fixtures';

/**
 * GET and PATCH /api/me/settings backed by one in-memory record, as the server keeps it: a patch is
 * read with the server's own schema (a phone number stored in E.164, a bad one refused the same way).
 */
export function settingsServer(initial: Partial<MemberSettings> = {}) {
  let current = makeSettings(initial);
  const routes: Record<string, MockHandler> = {
    'GET /api/me/settings': () => ({ body: current }),
    // Account Management reads the latest data export; none unless a test says otherwise.
    'GET /api/me/data-export': () => ({ body: { export: null } }),
    // Settings → Security (decision 057): two-factor off, no passkeys, this one session.
    'GET /api/auth/two-factor': () => ({
      body: { enabled: false, backup_codes_left: 0, required: false, session_confirmed: false },
    }),
    'GET /api/auth/passkeys': () => ({ body: { passkeys: [] } }),
    'GET /api/me/sessions': () => ({ body: { sessions: [] } }),
    'PATCH /api/me/settings': ({ body }) => {
      const parsed = memberSettingsPatchSchema.safeParse(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        return {
          status: 400,
          body: { error: { code: 'VALIDATION_FAILED', message: details[0]?.message, details } },
        };
      }
      current = { ...current, ...parsed.data };
      return { body: current };
    },
  };
  return { routes, current: () => current };
}
