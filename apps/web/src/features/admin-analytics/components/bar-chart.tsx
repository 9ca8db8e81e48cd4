import type { AnalyticsChartData } from '@royal/shared';
import { dayTotal, formatFigure, seriesFill, shortDay } from './figures';

// The drawing's own units: the SVG scales to its card's width, the text with it.
const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`: the axis ends on a round figure. */
export function roundCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * magnitude >= value) ?? 10) * magnitude;
}

/**
 * A chart's days as stacked bars (one segment per series), drawn as SVG with the theme's fills, so
 * both themes style it and no charting library reaches the bundle (decision 061). For sighted
 * readers each segment carries its figure as a tooltip; screen readers get the card's table.
 */
export function BarChart({ data, describedBy }: { data: AnalyticsChartData; describedBy: string }) {
  const top = roundCeiling(Math.max(0, ...data.days.map((day) => dayTotal(day.values) ?? 0)));
  const band = PLOT_W / data.days.length;
  const barWidth = Math.max(1, band * 0.72);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const ticks = [0, top / 2, top];
  const labelled = [0, Math.floor((data.days.length - 1) / 2), data.days.length - 1];
  const xLabels = [...new Set(labelled)].map((index) => ({ index, day: data.days[index]?.day ?? '' }));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-describedby={describedBy}
    >
      <title>{`${data.title}, ${shortDay(data.from)} to ${shortDay(data.to)}: Show table lists every figure`}</title>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-border"
            strokeDasharray={tick === 0 ? undefined : '4 4'}
          />
          <text
            x={PAD.left - 8}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-muted-foreground text-[12px]"
          >
            {formatFigure(tick, data.unit)}
          </text>
        </g>
      ))}
      {data.days.map((day, index) => {
        let base = 0;
        const x = PAD.left + index * band + (band - barWidth) / 2;
        return (
          <g key={day.day} opacity={day.live ? 0.7 : 1}>
            {data.series.map((series, at) => {
              const value = day.values[series.key];
              if (!value) return null;
              const bottom = base;
              base += value;
              return (
                <rect
                  key={series.key}
                  x={x}
                  width={barWidth}
                  y={y(base)}
                  height={Math.max(0, y(bottom) - y(base))}
                  className={`${seriesFill(data, at)} stroke-surface`}
                  strokeWidth={data.series.length > 1 ? 0.5 : 0}
                >
                  <title>{`${shortDay(day.day)}${day.live ? ' (so far)' : ''} · ${series.label}: ${formatFigure(value, data.unit)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
      {xLabels.map(({ index, day }) => (
        <text
          key={day}
          x={PAD.left + (index + 0.5) * band}
          y={HEIGHT - 8}
          textAnchor={index === 0 ? 'start' : index === data.days.length - 1 ? 'end' : 'middle'}
          className="fill-muted-foreground text-[12px]"
        >
          {shortDay(day)}
        </text>
      ))}
    </svg>
  );
}
