import {
  CREATE_SAMPLE_PROFILES_LABEL,
  DEVELOPER_TOOLS_TITLE,
  isAdmin,
  MIGRATION_TITLE,
  SAMPLE_PROFILES_FAILED_TEXT,
  sampleProfilesCreatedText,
} from '@royal/shared';
import { DatabaseZap, UsersRound, Wrench } from 'lucide-react';
import { toast } from 'sonner';
import { useCurrentMember } from '@/features/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useCreateSampleProfiles, useDevToolsStatus } from '../api/dev-tools';
import { MenuButton, MenuLink } from './menu-rows';

/**
 * The More menu's "Developer Tools" (spec part 2 §2): Create Sample Profiles and the migration page,
 * for admins in demo mode only (DESIGN.md); the server refuses them to anyone else and elsewhere.
 */
export function DeveloperTools({ className }: { className?: string }) {
  const me = useCurrentMember();
  const admin = isAdmin(me);
  const status = useDevToolsStatus(admin);
  const create = useCreateSampleProfiles();
  if (!admin || !status.data?.demo_mode) return null;
  return (
    <section aria-labelledby="developer-tools-title" className={cn('flex flex-col gap-2', className)}>
      <h2
        id="developer-tools-title"
        className="flex items-center gap-2 px-1 font-semibold text-muted-foreground text-sm"
      >
        <Wrench aria-hidden="true" className="size-4" />
        {DEVELOPER_TOOLS_TITLE}
      </h2>
      <div className="divide-y divide-border overflow-hidden rounded-3xl border border-border bg-surface">
        <MenuButton
          Icon={UsersRound}
          label={create.isPending ? 'Creating sample profiles...' : CREATE_SAMPLE_PROFILES_LABEL}
          busy={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (result) => toast.success(sampleProfilesCreatedText(result.created)),
              onError: (error) => {
                // The spec's message sends the admin to the console for the details.
                console.error('Creating sample profiles failed', error);
                toast.error(SAMPLE_PROFILES_FAILED_TEXT);
              },
            })
          }
        />
        <MenuLink Icon={DatabaseZap} label={MIGRATION_TITLE} to={paths.migration} />
      </div>
    </section>
  );
}
