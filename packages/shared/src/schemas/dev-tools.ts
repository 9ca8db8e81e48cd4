import { z } from 'zod';

// The admins' demo tools (issue 37; spec part 2 §1 /migration, §2 More menu "Developer Tools", §8,
// §9): the seed's sample members written on request, in demo mode only.

/** Members "Create Sample Profiles" writes per click. */
export const SAMPLE_PROFILES_PER_CLICK = 10;
/** At most this many per request: each member's portraits are drawn and processed on the server. */
export const SAMPLE_PROFILES_MAX = 25;

export const devToolsStatusSchema = z
  .object({ demo_mode: z.boolean().describe('Whether the demo tools may write sample members here') })
  .describe('Whether the demo tools are available');
export type DevToolsStatus = z.infer<typeof devToolsStatusSchema>;

/**
 * Nothing to choose (the spec's migration writes a fixed set), but a JSON body is asked for, so a
 * stray bodiless POST does not start a long write.
 */
export const migrationBodySchema = z.object({}).describe('An empty object: {}');
export type MigrationBody = z.infer<typeof migrationBodySchema>;

export const migrationResultSchema = z
  .object({
    migrated: z.number().int().nonnegative().describe('Members written now'),
    failed: z.number().int().nonnegative().describe('Members the database refused'),
    skipped: z.number().int().nonnegative().describe('Members whose e-mail already had an account'),
  })
  .describe('The seed’s 50 sample members plus the ambassador, each written or skipped');
export type MigrationResult = z.infer<typeof migrationResultSchema>;

export const sampleProfilesBodySchema = z.object({
  count: z
    .number({ error: `Count must be 1 to ${SAMPLE_PROFILES_MAX}` })
    .int({ error: `Count must be 1 to ${SAMPLE_PROFILES_MAX}` })
    .min(1, { error: `Count must be 1 to ${SAMPLE_PROFILES_MAX}` })
    .max(SAMPLE_PROFILES_MAX, { error: `Count must be 1 to ${SAMPLE_PROFILES_MAX}` })
    .default(SAMPLE_PROFILES_PER_CLICK)
    .describe('How many new sample members to write'),
});
export type SampleProfilesBody = z.input<typeof sampleProfilesBodySchema>;

export const sampleProfilesResultSchema = z
  .object({
    created: z.number().int().nonnegative().describe('New members written'),
    failed: z.number().int().nonnegative().describe('Members the database refused'),
  })
  .describe('Generated sample members, each new');
export type SampleProfilesResult = z.infer<typeof sampleProfilesResultSchema>;

/** The spec's texts (part 2 §8, "Migration"). */
export const MIGRATION_TITLE = 'Mock Data Migration';
export const MIGRATION_START_LABEL = 'Start Migration';
export const migrationSucceededText = (n: number) => `Successfully migrated ${n} users!`;
export const migrationFailedText = (n: number) => `Failed to migrate ${n} users`;
export const migrationErrorText = (message: string) => `Migration failed: ${message}`;
export const DEVELOPER_TOOLS_TITLE = 'Developer Tools';
export const CREATE_SAMPLE_PROFILES_LABEL = 'Create Sample Profiles';
export const sampleProfilesCreatedText = (n: number) => `Success! Created ${n} sample profiles...`;
export const SAMPLE_PROFILES_FAILED_TEXT = 'Error creating profiles. Check console for details.';
