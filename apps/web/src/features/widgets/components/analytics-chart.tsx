import 'uplot/dist/uPlot.min.css';
import type { WidgetAnalytics } from '@spotlist/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export interface ChartSeries {
  event: 'view' | 'open' | 'like' | 'click';
  label: string;
  color: string;
}

/** Days (`YYYY-MM-DD`, UTC) as uPlot's x values (seconds). */
export const daySeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The per-day chart of a widget's events (its own chunk: uPlot and its CSS load only with the
 * analytics). One line per event; the width follows the container.
 */
export default function AnalyticsChart({ data, series, label }: { data: WidgetAnalytics; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(280, el.clientWidth || 600);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        scales: { x: { time: true } },
        axes: [{}, { size: 48 }],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: data.days.length < 40 } }))],
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
  }, [data, series]);
  return <div ref={box} className="analytics-chart" role="img" aria-label={label} data-testid="analytics-chart" />;
}
