import { ANALYTICS_CHART_NAMES, analyticsRangeEndingToday } from '@royal/shared';
import { useState } from 'react';
import type { DayRange } from '../api/admin-analytics';
import { ChartCard } from './chart-card';
import { RangePicker } from './range-picker';

/**
 * The admin dashboard's Analytics tab (issue 37): real figures from the daily rollups and today's
 * live counts over a chosen range, one card per chart, each with a table view and a CSV download.
 * Self-contained, to be mounted in the /admin tab registry.
 */
export function AnalyticsTab() {
  const [range, setRange] = useState<DayRange>(() => analyticsRangeEndingToday());
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-display text-2xl text-foreground">Analytics</h2>
        <RangePicker range={range} onChange={setRange} />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {ANALYTICS_CHART_NAMES.map((chart) => (
          <ChartCard key={chart} chart={chart} range={range} />
        ))}
      </div>
    </div>
  );
}
