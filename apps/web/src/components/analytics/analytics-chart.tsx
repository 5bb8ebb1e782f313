import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';

export interface ChartSeries<E extends string = string> {
  /** The day's count the line draws (`view`, `click` …). */
  event: E;
  label: string;
  /** A CSS custom property of the theme (`--color-primary`), resolved when the chart is drawn. */
  color: string;
}

const DARK = '(prefers-color-scheme: dark)';

/** The colour scheme, followed while the page is open: the chart is drawn again when it changes. */
function useDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia?.(DARK).matches === true);
  useEffect(() => {
    const query = window.matchMedia?.(DARK);
    if (!query) return;
    const update = () => setDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return dark;
}

/** Days (`YYYY-MM-DD`, UTC) as uPlot's x values (seconds). */
export const daySeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The per-day chart of a widget's or an overlay's events (its own chunk: uPlot and its CSS load
 * only with the analytics). One line per event; the width follows the container.
 */
export default function AnalyticsChart<E extends string>({
  data,
  series,
  label,
}: {
  data: { days: readonly ({ day: string } & Record<E, number>)[] };
  series: ChartSeries<E>[];
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDark();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(280, el.clientWidth || 600);
    // canvas takes colours, not var(): the theme's, as they resolve in the current scheme
    const style = getComputedStyle(el);
    const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const text = colour('--color-text-muted', 'currentColor');
    const grid = colour('--color-border', 'currentColor');
    // the dots are hollow: filled with the page's colour (uPlot's default is white)
    const surface = colour('--color-surface', 'transparent');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true } },
        axes: [axis, { ...axis, size: 48 }],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: colour(s.color, text),
            width: 2,
            points: { show: data.days.length < 40, fill: surface },
          })),
        ],
        // the series' names and colours only: a live legend shows an untranslated 'Time' and '--' until hovered
        legend: { show: true, live: false },
      },
      [data.days.map((d) => daySeconds(d.day)), ...series.map((s) => data.days.map((d) => d[s.event]))],
      el,
    );
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [data, series, dark]);
  return <div ref={box} className="analytics-chart" role="img" aria-label={label} data-testid="analytics-chart" />;
}
