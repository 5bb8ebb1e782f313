import type { ExternalProvider } from '@spotlist/contracts';

/** Small marks of the providers, drawn for this app (24 grid, currentColor). */
const MARKS: Record<ExternalProvider, string> = {
  apple:
    'M12 7.5c-1.6-1.2-5.5-1.4-5.5 3.6 0 4.2 2.6 8.4 4 8.4.9 0 1-.5 1.5-.5s.6.5 1.5.5c1.4 0 4-4.2 4-8.4 0-5-3.9-4.8-5.5-3.6zM12 7c0-1.8 1-3.4 2.8-3.8',
  facebook:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM13.5 21v-7h2.3l.4-2.6h-2.7V9.8c0-.8.4-1.3 1.4-1.3h1.4V6.2a16 16 0 0 0-2-.2c-2 0-3.4 1.2-3.4 3.5v1.9H8.6V14h2.3v7',
  linkedin: 'M4 4h16v16H4zM8 10v6M8 7.5v.1M11.5 16v-6M11.5 12.5c0-1.5 1-2.5 2.3-2.5s2.2.9 2.2 2.6V16',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17.2 6.8v.1',
  bookingsuite: 'M4 20V5h9a4 4 0 0 1 0 8H4M13 13a3.5 3.5 0 0 1 0 7H4',
  apaleo: 'M5 20 12 4l7 16M8 14h8',
};

export function ProviderMark({ provider }: { provider: ExternalProvider }) {
  return (
    <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={MARKS[provider]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
