import type { AnalyticsChartData } from '@royal/shared';

/**
 * A chart's figures as CSV: a header of the series keys, then one line per day. Every cell is a day,
 * a number, a fixed key or empty (no figure recorded), so nothing a spreadsheet could read as a
 * formula can reach the file; a cell that is none of those is refused rather than written.
 */
export function chartCsv(data: AnalyticsChartData): string {
  const keys = data.series.map((series) => series.key);
  const lines = [
    ['day', ...keys],
    ...data.days.map((day) => [day.day, ...keys.map((key) => day.values[key]?.toString() ?? '')]),
  ];
  for (const cell of lines.flat()) {
    if (!/^(|-?\d+(\.\d+)?|\d{4}-\d{2}-\d{2}|[a-z][a-z0-9_]*)$/.test(cell))
      throw new Error(`unsafe CSV cell: ${cell}`);
  }
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** The download's file name: the chart and its range. */
export const chartCsvFilename = (data: AnalyticsChartData) =>
  `analytics-${data.chart}-${data.from}-${data.to}.csv`;
