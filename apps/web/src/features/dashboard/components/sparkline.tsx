/**
 * A small line of daily counts drawn as inline SVG (no chart library on the dashboard: uPlot loads
 * only with the widget analytics page). Named for screen readers by `label`.
 */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 32,
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const pad = 2;
  const y = (v: number) => pad + (height - 2 * pad) * (1 - v / max);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = values.length - 1;
  return (
    <svg className="dashboard-sparkline" role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      {last >= 0 && <circle cx={last * step} cy={y(values[last]!)} r="2.5" fill="currentColor" />}
    </svg>
  );
}
