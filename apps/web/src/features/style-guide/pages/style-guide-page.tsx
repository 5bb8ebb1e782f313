import { Visibility } from '@spotlist/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { IonInput } from '../../../components/ionic/ion-input';
import { PageLayout } from '../../../components/layout/page-layout';
import { NotFound } from '../../../components/not-found';
import { PlaceWithThumb, type ThumbPlace } from '../../../components/place-thumb';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { appEvents } from '../../../lib/events';
import { withQueryClient } from '../../../lib/query-client';
import '../../../components/card.css';
import '../../../components/toast.css';
import '../style-guide.css';

/* English only: this page is for the people building the app (features/style-guide/README.md). */

const SPACES = ['half', '1', '2', '3', '4', '5', '6', '7', '8'] as const;
const TEXTS = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const;
const RADII = ['sm', 'md', 'lg', 'pill'] as const;
const SHADOWS = ['1', '2', '3'] as const;
const COLOURS = [
  ['--color-text', 'body text'],
  ['--color-text-muted', 'secondary text, icons'],
  ['--color-text-hint', 'a field’s hint'],
  ['--color-surface', 'the page'],
  ['--color-surface-raised', 'cards, popovers'],
  ['--color-surface-muted', 'placeholders, skeletons'],
  ['--color-border', 'rows, cards'],
  ['--color-border-strong', 'fields'],
  ['--color-primary', 'actions, links, focus'],
  ['--color-primary-text', 'green text on a soft tint'],
  ['--color-primary-soft', 'tags, success notes'],
  ['--color-danger', 'errors, destructive actions'],
  ['--color-danger-soft', 'error notes'],
  ['--color-inverse-surface', 'toasts, the cookie notice'],
  ['--color-brand-fixed', 'on map tiles (never switches)'],
] as const;

/** A small landscape as a data: URL: a row's picture without a request. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" fill="#9fd8c8"/><circle cx="40" cy="16" r="7" fill="#fff6c8"/><path d="M0 56 18 28l12 16 8-10 18 22z" fill="#1b6e5a"/></svg>',
)}`;
const withPicture: ThumbPlace = {
  id: 1,
  visibility: { id: Visibility.all },
  updatedAt: '2026-01-01T00:00:00Z',
  pictures: [{ id: 1, url: PICTURE, urlThumb240: PICTURE }],
};
const withCover: ThumbPlace = { id: 1, visibility: { id: Visibility.all }, updatedAt: '2026-01-01T00:00:00Z' };

function Section({ title, children, note }: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="sg-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p className="form-hint">{note}</p>}
      {children}
    </section>
  );
}

function StyleGuidePage() {
  const [name, setName] = useState('Café Frischhut');
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('not-an-address');
  const [toast, setToast] = useState<null | 'done' | 'failed'>(null);
  const dark = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), 3000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <PageLayout title="Style guide" narrow={false}>
      <div className="sg">
        <h1>Style guide</h1>
        <p>
          The visual system of the web app, drawn with its real CSS (apps/web/src/theme/README.md says when to use what). This page is for
          the people building Spotlist and is in English only. It shows the <strong>{dark ? 'dark' : 'light'}</strong> colour scheme: switch
          the system’s (or the browser’s) setting to see the other one.
        </p>

        <Section title="Colours" note="Semantic tokens, as the current colour scheme resolves them (tokens.css lists both values).">
          <ul className="sg-swatches">
            {COLOURS.map(([n, use]) => (
              <li key={n}>
                <span className="sg-swatch" style={{ background: `var(${n})` }} />
                <code>{n}</code>
                <span className="form-hint">{use}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Spacing" note="A 4 px scale: every gap, padding and margin takes one step.">
          <ul className="sg-spaces">
            {SPACES.map((s) => (
              <li key={s}>
                <code>--space-{s}</code>
                <span className="sg-space" style={{ width: `var(--space-${s})` }} />
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Type">
          <ul className="sg-types">
            {TEXTS.map((s) => (
              <li key={s} style={{ fontSize: `var(--text-${s})`, lineHeight: `var(--text-${s}-line)` }}>
                <code>--text-{s}</code> The quick brown fox visits a café in Zürich
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Radii and elevation">
          <div className="sg-boxes">
            {RADII.map((r) => (
              <div key={r} className="sg-box" style={{ borderRadius: `var(--radius-${r})` }}>
                <code>--radius-{r}</code>
              </div>
            ))}
            {SHADOWS.map((s) => (
              <div key={s} className="sg-box sg-box-raised" style={{ boxShadow: `var(--shadow-${s})` }}>
                <code>--shadow-{s}</code>
              </div>
            ))}
          </div>
        </Section>

        <Section title="Buttons" note="Native <button>s (and links) styled like Ionic's buttons.">
          <div className="button-row">
            <button type="button" className="app-button">
              Save
            </button>
            <button type="button" className="app-button app-button-outline">
              Cancel
            </button>
            <button type="button" className="app-button app-button-small">
              Small
            </button>
            <button type="button" className="app-button app-button-small app-button-outline">
              Small outline
            </button>
            <button type="button" className="app-button app-button-danger">
              Delete
            </button>
            <button type="button" className="app-button" disabled>
              Disabled
            </button>
            <AppLink to="/style-guide" className="app-button">
              A link as a button
            </AppLink>
          </div>
        </Section>

        <Section
          title="Inputs"
          note="One input style: Ionic's outlined ion-input (left) and the native .plain-input (right) look the same. Forms with react-hook-form use ion-input; the widget, list and guest-app pages the native one (a smaller chunk)."
        >
          <div className="sg-columns">
            <div className="form">
              <IonInput
                label="Name (ion-input)"
                labelPlacement="stacked"
                fill="outline"
                value={name}
                helperText="Shown on the place's page"
              />
              <IonInput
                className="ion-invalid ion-touched"
                label="E-mail (ion-input)"
                labelPlacement="stacked"
                fill="outline"
                type="email"
                value={email}
                errorText="Enter a valid e-mail address"
              />
            </div>
            <div>
              <TextInput label="Name (native)" value={name} onValue={setName} hint="Shown on the place's page" />
              <TextInput label="E-mail (native)" type="email" value={email} onValue={setEmail} error="Enter a valid e-mail address" />
              <TextInput label="Note (native textarea)" value={note} onValue={setNote} rows={3} />
              <div className="select-field sg-select">
                <label htmlFor="sg-select">Category (native select)</label>
                <select id="sg-select" className="native-select" defaultValue="cafe">
                  <option value="cafe">Café</option>
                  <option value="sight">Sight</option>
                </select>
              </div>
            </div>
          </div>
          <div className="check-field">
            <input id="sg-check" type="checkbox" defaultChecked />
            <label htmlFor="sg-check">A checkbox (native, accent colour primary)</label>
          </div>
          <p className="form-success">A success note: the change was saved.</p>
          <p className="form-error">An error note: the change could not be saved.</p>
        </Section>

        <Section title="Cards" note="components/card.css: .card in a .card-grid (one column, two from 768 px, three from 1250 px).">
          <div className="card-grid">
            {['My places', 'My lists', 'Widgets'].map((title) => (
              <section key={title} className="card">
                <h2>{title}</h2>
                <p className="form-hint">A card holds one section of a page: a heading, a few rows, one action.</p>
                <div className="button-row">
                  <button type="button" className="app-button app-button-small app-button-outline">
                    Open
                  </button>
                </div>
              </section>
            ))}
          </div>
        </Section>

        <Section
          title="List rows"
          note="A .place-row with a 56 px thumbnail (components/place-thumb.tsx): the picture, else the generated cover."
        >
          <ul className="place-list">
            <li className="place-row">
              <PlaceWithThumb place={withPicture}>
                <span className="place-name">Englischer Garten</span>
                <span className="form-hint">Park · München</span>
              </PlaceWithThumb>
              <span className="place-distance">1.2 km</span>
            </li>
            <li className="place-row">
              <PlaceWithThumb place={withCover}>
                <span className="place-name">A place without a picture</span>
                <span className="form-hint">Its generated cover (or an empty box when none loads)</span>
              </PlaceWithThumb>
              <div className="row-actions">
                <button type="button" className="app-button app-button-small app-button-outline">
                  Remove
                </button>
              </div>
            </li>
          </ul>
        </Section>

        <Section title="Empty state" note="components/empty-state.tsx: a small picture, one sentence, one action.">
          <div className="card-grid">
            <div className="card">
              <EmptyState
                text="No places yet. Like a place to keep it here."
                action={
                  <button type="button" className="app-button">
                    Discover places
                  </button>
                }
              />
            </div>
            <div className="card">
              <EmptyState
                picture="search"
                text="Nothing matches this search."
                action={
                  <button type="button" className="app-button app-button-outline">
                    Clear the search
                  </button>
                }
              />
            </div>
          </div>
        </Section>

        <Section title="Skeleton loaders" note="components/skeleton.tsx: while the first answer loads; still under prefers-reduced-motion.">
          <div className="sg-columns">
            <Skeleton variant="rows" count={3} />
            <Skeleton variant="cards" count={2} />
          </div>
        </Section>

        <Section title="Not found" note="components/not-found.tsx: an address or a list that is not there (no silent redirect).">
          <div className="card">
            <NotFound />
          </div>
        </Section>

        <Section title="Toasts and errors">
          <div className="button-row">
            <button
              type="button"
              className="app-button"
              onClick={() => appEvents.emit('api-error', { key: 'error.unknown', status: 500, path: '/style-guide' })}
            >
              Show the error toast
            </button>
            <button type="button" className="app-button app-button-outline" onClick={() => setToast('done')}>
              Show a small toast
            </button>
            <button type="button" className="app-button app-button-outline" onClick={() => setToast('failed')}>
              Show a small error toast
            </button>
          </div>
          <p className="form-hint">
            The error toast is the shell's (an api-error event; Ionic's ion-toast, danger, 5 s). The small toast is components/toast.css
            (the widget preview's “copied”).
          </p>
          {toast && (
            <div role="status" className={toast === 'done' ? 'app-toast' : 'app-toast app-toast-danger'}>
              {toast === 'done' ? 'Copied' : 'Could not copy'}
            </div>
          )}
          <section className="app-banner sg-banner" aria-label="Reload banner (sample)">
            <p>The reload banner: a new version is available.</p>
            <button type="button" className="app-button app-button-clear app-button-small">
              Later
            </button>
          </section>
        </Section>
      </div>
    </PageLayout>
  );
}

// the place thumbnails read through react-query
export default withQueryClient(StyleGuidePage);
