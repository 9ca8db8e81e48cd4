import { z } from 'zod';
import { idParamSchema } from './common';

// Export My Data (issue 34, decision 051): a member asks for an archive of everything about them, a
// job builds it, and a link valid for DATA_EXPORT_LINK_HOURS downloads it. One request a day.

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a member waits between two export requests. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
/** How long a finished archive (and its link) is kept. */
export const DATA_EXPORT_LINK_HOURS = 24;

export const DATA_EXPORT_REQUESTED_TEXT =
  'Your data export is being prepared. We will e-mail you a link when it is ready.';
export const DATA_EXPORT_FAILED_TEXT = 'Failed to export data';
export const DATA_EXPORT_READY_TITLE = 'Your data export is ready';
export const DATA_EXPORT_EXPIRED_TEXT = 'This download link has expired. Request a new export from Settings.';

/** The member's latest export, as the Settings page shows it. */
export const dataExportSchema = z
  .object({
    id: z.uuid(),
    status: z
      .enum(DATA_EXPORT_STATUSES)
      .describe('`expired` once the link has run out, even before the purge'),
    requested_at: z.iso.datetime({ offset: true }),
    ready_at: z.iso.datetime({ offset: true }).nullable(),
    expires_at: z.iso.datetime({ offset: true }).nullable().describe('When the archive and its link go'),
    download_url: z
      .string()
      .nullable()
      .describe('Same-origin path of the archive while it is ready (needs your session too); else null'),
  })
  .describe('A data export');
export type DataExport = z.infer<typeof dataExportSchema>;

export const latestDataExportSchema = z
  .object({ export: dataExportSchema.nullable() })
  .describe('Your latest data export, or null if you never asked for one');
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

export const dataExportDownloadParamsSchema = idParamSchema;
export const dataExportDownloadQuerySchema = z.object({
  token: z.string().min(1).max(128).describe('The link’s token, from the e-mail or the Settings page'),
});
