import {
  groupedInteger,
  type InterestKind,
  type InterestRow as InterestRowData,
  tierLabel,
} from '@royal/shared';
import { Eye, Heart, type LucideIcon, Star } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { useFocusAfterRemoval } from '@/lib/focus';
import { paths } from '@/lib/paths';
import { useInterests } from '../api/interests';
import { useRemoveFavorite } from '../api/remove-favorite';
import { InterestRow } from './interest-row';

type TabDefinition = {
  kind: InterestKind;
  label: string;
  Icon: LucideIcon;
  empty: string;
  emptyHint: string;
  /** An empty list is never a dead end: the next step is always discovery (issue 33). */
  nextStep: string;
};

const TABS: readonly TabDefinition[] = [
  {
    kind: 'viewed_me',
    label: 'Viewed Me',
    Icon: Eye,
    empty: 'No profile views yet',
    emptyHint: 'Members who like you or open your profile show up here.',
    nextStep: 'Discover Members',
  },
  {
    kind: 'favorited_me',
    label: 'Favorited Me',
    Icon: Star,
    empty: 'No super likes yet',
    emptyHint: 'Members who super like you show up here.',
    nextStep: 'Discover Members',
  },
  {
    kind: 'my_favorites',
    label: 'My Favorites',
    Icon: Heart,
    empty: 'No favorites yet',
    emptyHint: 'Start swiping to add people to your favorites',
    nextStep: 'Start Swiping',
  },
];

/** /interests: who viewed and favorited you, and your own favorites. */
export function InterestsScreen() {
  const me = useCurrentMember();
  const interests = useInterests();
  const removeFavorite = useRemoveFavorite();

  return (
    <div className="flex flex-col gap-5">
      <header className="flex items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-foreground">Interests</h1>
          <p className="mt-1 font-semibold text-accent-foreground text-sm">{tierLabel(me.tier_level)}</p>
        </div>
      </header>

      {interests.isPending && <Spinner label="Loading interactions..." />}

      {interests.isError && (
        <LoadErrorPanel
          title="Failed to fetch interactions"
          message={interests.error.message}
          onRetry={() => interests.refetch()}
          retrying={interests.isFetching}
        />
      )}

      {interests.isSuccess && (
        <>
          <ul aria-label="Your numbers" className="grid grid-cols-3 gap-2 sm:gap-4">
            <StatCard Icon={Eye} label="Profile Views" value={interests.data.stats.profile_views} />
            <StatCard Icon={Star} label="Super Likes" value={interests.data.stats.super_likes} />
            <StatCard Icon={Heart} label="My Favorites" value={interests.data.stats.favorites} />
          </ul>

          <Tabs.Root defaultValue="viewed_me" className="flex flex-col gap-4">
            <Tabs.List
              aria-label="Interests"
              className="grid grid-cols-3 gap-1 rounded-2xl border border-border bg-surface-muted p-1"
            >
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.kind}
                  value={tab.kind}
                  className="group flex min-h-12 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-xl px-1 font-semibold text-muted-foreground text-xs transition hover:text-foreground data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-row sm:gap-2 sm:text-sm"
                >
                  <span>{tab.label}</span>
                  <span className="min-w-6 rounded-full bg-royal-100 px-1.5 text-center text-royal-800 text-xs leading-5 group-data-[state=active]:bg-primary group-data-[state=active]:text-primary-foreground dark:bg-royal-800 dark:text-royal-100">
                    {interests.data[tab.kind].length}
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>

            {TABS.map((tab) => (
              <Tabs.Content key={tab.kind} value={tab.kind} className="focus-visible:outline-offset-4">
                <InterestList
                  tab={tab}
                  rows={interests.data[tab.kind]}
                  onRemove={
                    tab.kind === 'my_favorites' ? (memberId) => removeFavorite.mutate(memberId) : undefined
                  }
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </div>
  );
}

function StatCard({ Icon, label, value }: { Icon: LucideIcon; label: string; value: number }) {
  return (
    <li className="flex flex-col items-center gap-1 rounded-2xl border border-border bg-surface px-2 py-4 text-center shadow-[0_12px_32px_-22px_rgba(44,20,80,0.5)]">
      <span className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-royal-600 to-royal-900 text-gold-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="mt-1 font-display font-semibold text-2xl text-foreground lining-nums tabular-nums">
        {groupedInteger(value)}
      </span>
      <span className="font-medium text-muted-foreground text-xs leading-tight sm:text-sm">{label}</span>
    </li>
  );
}

function InterestList({
  tab,
  rows,
  onRemove,
}: {
  tab: TabDefinition;
  rows: readonly InterestRowData[];
  onRemove?: (memberId: string) => void;
}) {
  // A removed row's Remove button goes with it: focus moves to the next row's (lib/focus.ts).
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const remove = (index: number, memberId: string) => {
    focus.removing(index);
    onRemove?.(memberId);
  };

  return (
    <div ref={focus.container} tabIndex={-1} className="@container focus:outline-none">
      {rows.length === 0 ? (
        <StatusPanel Icon={tab.Icon} title={tab.empty} description={tab.emptyHint} as="h3" className="py-8">
          <Button variant="gold" asChild>
            <Link to={paths.app}>{tab.nextStep}</Link>
          </Button>
        </StatusPanel>
      ) : (
        // Two columns only where the list itself is wide enough (a container query: the member
        // column at 1440, decision 043): a row holds a name, a tier badge and two labelled buttons,
        // and two to a narrower list cut the names to nothing.
        <ul aria-label={tab.label} className="grid gap-2 lg:gap-3 @4xl:grid-cols-2">
          {rows.map((row, index) => (
            <InterestRow
              key={`${row.member.id}-${row.action}-${row.at}`}
              row={row}
              onRemove={onRemove ? () => remove(index, row.member.id) : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
