import { ANALYTICS_CHARTS, type AnalyticsChart, type AnalyticsChartData } from '@royal/shared';
import { BarChart3, Download, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { analyticsCsvHref, type DayRange, useAnalyticsChart } from '../api/admin-analytics';
import { BarChart } from './bar-chart';
import { dayTotal, formatFigure, isEmptyChart, longDay, seriesFill } from './figures';
import { FiguresTable } from './figures-table';

/** The range's headline: the sum of an activity chart's days, or a snapshot chart's latest day. */
function headline(data: AnalyticsChartData): string | null {
  if (ANALYTICS_CHARTS[data.chart].kind === 'snapshot') {
    const latest = data.days.findLast((day) => dayTotal(day.values) !== null);
    const total = latest ? dayTotal(latest.values) : null;
    return total === null ? null : `${formatFigure(total, data.unit)} on ${longDay(latest?.day ?? '')}`;
  }
  const total = data.days.reduce((sum, day) => sum + (dayTotal(day.values) ?? 0), 0);
  return `${formatFigure(total, data.unit)} in this range`;
}

function Legend({ data }: { data: AnalyticsChartData }) {
  if (data.series.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
      {data.series.map((series, index) => (
        <li key={series.key} className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3">
            <rect width="10" height="10" rx="2" className={seriesFill(data, index)} />
          </svg>
          {series.label}
        </li>
      ))}
    </ul>
  );
}

/** One chart of the Analytics tab: its figures drawn, as a table on demand, and as a CSV download. */
export function ChartCard({ chart, range }: { chart: AnalyticsChart; range: DayRange }) {
  const { title, meaning } = ANALYTICS_CHARTS[chart];
  const query = useAnalyticsChart(chart, range);
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const meaningId = useId();
  const data = query.data;
  const caption = data ? `${title}, ${longDay(data.from)} to ${longDay(data.to)}` : title;

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={query.isFetching || undefined}
      className="flex min-w-0 flex-col gap-3 rounded-3xl border border-border bg-surface p-4 shadow-[0_12px_32px_-24px_rgba(44,20,80,0.45)] sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-display text-foreground text-xl">
            {title}
          </h3>
          <p id={meaningId} className="text-muted-foreground text-sm">
            {meaning}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-pressed={showTable}
            onClick={() => setShowTable(!showTable)}
            disabled={!data}
          >
            {showTable ? (
              <BarChart3 aria-hidden="true" className="size-4" />
            ) : (
              <Table2 aria-hidden="true" className="size-4" />
            )}
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
          <Button variant="outline" asChild>
            <a href={analyticsCsvHref(chart, range)} download aria-label={`Download CSV of ${title}`}>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <div role="status">
          <span className="sr-only">{`Loading ${title.toLowerCase()}...`}</span>
          <Skeleton className="aspect-[3/1] w-full" />
        </div>
      ) : query.isError ? (
        <LoadErrorPanel
          title={`Failed to load ${title.toLowerCase()}`}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : showTable ? (
        <FiguresTable data={query.data} caption={caption} />
      ) : isEmptyChart(query.data) ? (
        <div className="flex flex-col items-center gap-1 rounded-2xl bg-surface-muted px-4 py-10 text-center">
          <BarChart3 aria-hidden="true" className="size-7 text-primary dark:text-gold-300" />
          <p className="font-semibold text-foreground">Nothing to show yet</p>
          <p className="max-w-sm text-muted-foreground text-sm">
            No figures for these days. Choose a longer range, or come back once there is activity.
          </p>
        </div>
      ) : (
        <figure className="flex flex-col gap-2">
          <p className="font-semibold text-foreground">{headline(query.data)}</p>
          <BarChart data={query.data} describedBy={meaningId} />
          <figcaption className="flex flex-col gap-1">
            <Legend data={query.data} />
            <span className="text-muted-foreground text-xs">
              Days in UTC; today is counted live and drawn lighter. Blank days have no figure recorded. Use
              Show table for every figure.
            </span>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
