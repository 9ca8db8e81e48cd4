import {
  MIGRATION_START_LABEL,
  MIGRATION_TITLE,
  type MigrationResult,
  migrationErrorText,
  migrationFailedText,
  migrationSucceededText,
} from '@royal/shared';
import { CircleAlert, CircleCheck, DatabaseZap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useStartMigration } from '../api/migration';

const CARD = 'flex gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-5';

function ResultCard({ result }: { result: MigrationResult }) {
  return (
    <section aria-label="Migration result" className={CARD}>
      <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-600 dark:text-emerald-300" />
      <div className="flex flex-col gap-1 text-sm">
        <p role="status" className="font-semibold text-foreground">
          {migrationSucceededText(result.migrated)}
        </p>
        {result.skipped > 0 && (
          <p className="text-muted-foreground">{result.skipped} already present, skipped.</p>
        )}
        {result.failed > 0 && (
          <p role="alert" className="font-semibold text-danger">
            {migrationFailedText(result.failed)}
          </p>
        )}
      </div>
    </section>
  );
}

function FailureCard({ error }: { error: unknown }) {
  return (
    <section aria-label="Migration result" className={CARD}>
      <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-danger" />
      <p role="alert" className="font-semibold text-danger text-sm">
        {migrationErrorText(errorMessage(error))}
      </p>
    </section>
  );
}

/**
 * /migration (spec part 2 §1, "Mock data migration page"): writes the seed's 50 sample members plus
 * the ambassador through the server, skipping those already there, and shows what it did.
 */
export function MigrationScreen() {
  const migration = useStartMigration();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 font-display text-3xl text-foreground">
          <DatabaseZap aria-hidden="true" className="size-7 text-primary dark:text-gold-300" />
          {MIGRATION_TITLE}
        </h1>
        <p className="text-muted-foreground text-sm">
          Writes the 50 sample members and the ambassador of the demo, with their photos. Members that already
          exist are skipped. Demo mode only.
        </p>
      </header>
      <Button
        variant="gold"
        className="self-start"
        aria-disabled={migration.isPending || undefined}
        onClick={() => {
          if (!migration.isPending) migration.mutate();
        }}
      >
        {migration.isPending ? 'Migrating...' : MIGRATION_START_LABEL}
      </Button>
      {migration.isSuccess && <ResultCard result={migration.data} />}
      {migration.isError && <FailureCard error={migration.error} />}
    </div>
  );
}
