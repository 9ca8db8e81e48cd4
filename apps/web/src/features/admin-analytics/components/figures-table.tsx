import type { AnalyticsChartData, AnalyticsDay } from '@royal/shared';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn, useLocalSort } from '@/components/ui/data-table';
import { formatFigure, longDay } from './figures';

/** A figure in a cell; a day without one says so to screen readers rather than reading a dash. */
function Figure({ value, unit }: { value: number | null; unit: AnalyticsChartData['unit'] }) {
  if (value !== null) return <>{formatFigure(value, unit)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No figure</span>
    </>
  );
}

/** The chart's figures as a table (its caption names the chart and range): what screen readers read. */
export function FiguresTable({ data, caption }: { data: AnalyticsChartData; caption: string }) {
  const columns = useMemo<DataTableColumn<AnalyticsDay>[]>(
    () => [
      {
        id: 'day',
        header: 'Day (UTC)',
        rowHeader: true,
        cell: (day) => `${longDay(day.day)}${day.live ? ' (today so far)' : ''}`,
        sort: { first: 'desc', value: (day) => day.day },
      },
      ...data.series.map(
        (series): DataTableColumn<AnalyticsDay> => ({
          id: series.key,
          header: series.label,
          align: 'end',
          cell: (day) => <Figure value={day.values[series.key] ?? null} unit={data.unit} />,
          sort: { first: 'desc', value: (day) => day.values[series.key] ?? null },
        }),
      ),
    ],
    [data.series, data.unit],
  );
  const sorted = useLocalSort(data.days, columns, { key: 'day', direction: 'desc' });
  return (
    <DataTable
      caption={caption}
      showCaption
      columns={columns}
      rowKey={(day) => day.day}
      empty={{ title: 'No days in this range' }}
      {...sorted}
    />
  );
}
