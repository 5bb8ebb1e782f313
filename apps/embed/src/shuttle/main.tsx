import { render } from 'preact';
import '../components/styles.css';
import { browserLanguages, pickLanguage } from '../lib/i18n.ts';
import { APP_LANGUAGES } from '@spotlist/contracts';
import { ShuttleView } from './shuttle-view.tsx';

/** The page of a shared "where is my shuttle?" link (`/shuttle/{token}`), for people without the app. */
const token = decodeURIComponent(location.pathname.replace(/^\/shuttle\//, '').replace(/\/$/, ''));
const lang = pickLanguage(APP_LANGUAGES, new URLSearchParams(location.search).get('lang'), browserLanguages());
document.documentElement.lang = lang;
render(
  <main class="sl-page sl-guest">
    <ShuttleView source={{ kind: 'shared', token }} lang={lang} />
  </main>,
  document.getElementById('app')!,
);
