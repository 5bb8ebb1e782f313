import type { PublicGuestApp } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { getGuestApp, guestAppUrl, publicIdFromPath, sendEvent } from '../lib/api.ts';
import { fetchLikes } from '../lib/guest.ts';
import { translator, uiLanguage, type Translate } from '../lib/i18n.ts';
import { mailUrl, telUrl, webUrl } from '../lib/links.ts';
import { useLikes } from '../lib/use-likes.ts';
import { Collection } from '../components/collection.tsx';
import { LanguageSelect, PendingPage, styleVars, useLocalized } from '../components/shell.tsx';
import { PageOverlays } from '../overlay/page-overlays.tsx';
import { ChatButton, useChatEntry } from './chat-entry.tsx';
import { useShuttleEntry } from '../shuttle/entry.ts';
import { onWarm, rememberShown } from './register.ts';

/**
 * Where a guest saves their likes: the web app's sign-up and login with the guest key in the URL
 * fragment (`#guest=KEY`: never sent to a server, never in a log or a Referer). After login the
 * web app claims the likes (POST /api/guest/claim).
 */
export const claimLinks = (key: string) => ({
  signup: `/signup#guest=${encodeURIComponent(key)}`,
  login: `/login#guest=${encodeURIComponent(key)}`,
});

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The guest app: welcome, the host's widgets and lists, likes, contact, and the host's overlays. */
export function GuestApp({ path = location.pathname, search = location.search }: { path?: string; search?: string }) {
  const publicId = publicIdFromPath(path);
  const { lang, setLang, state, retry } = useLocalized((l) => {
    if (!publicId) return Promise.reject(new Error('no id'));
    rememberShown(guestAppUrl(publicId, l));
    return getGuestApp(publicId, l);
  }, search);
  const likes = useLikes(publicId ? { guestApp: publicId } : undefined);
  const [isOnline, setOnline] = useState(online);
  const viewedRef = useRef(false);
  const app = state.status === 'ready' ? state.data : null;
  const ui = uiLanguage(app?.language ?? lang);
  const t = translator(ui);
  const chat = useChatEntry(publicId);
  const shuttle = useShuttleEntry('guest-app', publicId);
  const entryRef = useRef<HTMLButtonElement>(null);
  const scrollRef = useRef<number | null>(null);

  useEffect(() => {
    const update = () => setOnline(online());
    addEventListener('online', update);
    addEventListener('offline', update);
    // once the service worker runs, the likes pass through it too (kept for offline visits)
    const stop = onWarm(() => void fetchLikes().catch(() => {}));
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
      stop();
    };
  }, []);

  useEffect(() => {
    if (!app) return;
    document.documentElement.lang = app.language;
    document.title = app.title || app.businessName;
    // One view per widget and load, as in the frame.
    if (!viewedRef.current && online()) {
      viewedRef.current = true;
      for (const w of app.widgets) sendEvent(w.publicId, 'view');
    }
  }, [app]);

  // The chat (and the shuttle view) take the page's place; closing it returns to where the guest was, on its button.
  useEffect(() => {
    if (chat.open || shuttle.open) {
      scrollRef.current ??= scrollY;
      return;
    }
    if (scrollRef.current === null) return;
    scrollTo(0, scrollRef.current);
    scrollRef.current = null;
    entryRef.current?.focus();
  }, [chat.open, shuttle.open]);

  if (!app) return <PendingPage class="sl-page sl-guest" failed={state.status === 'error'} canRetry={!!publicId} retry={retry} t={t} />;

  const key = likes.liked.size ? likes.guestKey : null;
  const Panel = chat.module?.ChatPanel;
  const Shuttle = shuttle.ready?.module;
  const covered = chat.open || shuttle.open;
  return (
    <main class="sl-page sl-guest">
      {shuttle.open && Shuttle && publicId && (
        <Shuttle.ShuttleView
          source={{ kind: 'guest-app', publicId }}
          lang={ui}
          initial={shuttle.ready!.initial}
          onClose={shuttle.closeView}
        />
      )}
      {chat.open &&
        publicId &&
        (Panel ? (
          <Panel chat={chat.module!.chatFor(publicId)} name={app.businessName} lang={ui} t={t} onClose={chat.closeChat} />
        ) : (
          <p class="sl-note" role={chat.failed ? 'alert' : 'status'}>
            {chat.failed ? t('error') : t('loading')}
          </p>
        ))}
      <div hidden={covered}>
        <header class="sl-header">
          <div class="sl-head">
            {app.logoUrl && <img class="sl-logo" src={app.logoUrl} alt="" />}
            <span>{app.businessName}</span>
          </div>
          <LanguageSelect value={app.language} languages={app.languages} onChange={setLang} t={t} />
        </header>
        {!isOnline && (
          <p class="sl-note" role="status">
            {t('offline')}
          </p>
        )}
        <h1>{app.title || app.businessName}</h1>
        {app.text && <p class="sl-text">{app.text}</p>}
        {chat.shown && <ChatButton entry={chat} name={app.businessName} t={t} buttonRef={entryRef} />}
        {Shuttle && <Shuttle.ShuttleButton lang={ui} onOpen={shuttle.openView} floating />}
        {likes.failed && (
          <p class="sl-note sl-error" role="alert">
            {t('error')}
          </p>
        )}
        {key && <SaveLikes guestKey={key} count={likes.liked.size} t={t} />}
        {app.widgets.map((w) => (
          <section key={w.publicId} class="sl-section" aria-label={w.title} style={styleVars(w.style)}>
            <h2>{w.title}</h2>
            {w.intro && <p class="sl-text">{w.intro}</p>}
            <Collection
              pois={w.pois}
              t={t}
              likes={likes}
              widget={w.publicId}
              firstView={w.style.firstView}
              level={3}
              onEvent={(event, placeId) => sendEvent(w.publicId, event, placeId)}
            />
          </section>
        ))}
        {app.lists.map((l, i) => (
          <section key={i} class="sl-section" aria-label={l.name}>
            <h2>{l.name}</h2>
            {l.description && <p class="sl-text">{l.description}</p>}
            <Collection pois={l.pois} t={t} likes={likes} level={3} />
          </section>
        ))}
        <Contact contact={app.contact} t={t} />
      </div>
      <PageOverlays site={app.overlaySite} where="guest" lang={app.language} />
    </main>
  );
}

function SaveLikes({ guestKey, count, t }: { guestKey: string; count: number; t: Translate }) {
  const links = claimLinks(guestKey);
  return (
    <section class="sl-section" aria-label={t('save')}>
      <h2>
        {t('save')} ({t('likes')}: {count})
      </h2>
      <div class="sl-actions">
        <a class="sl-btn" href={links.signup}>
          {t('signup')}
        </a>
        <a class="sl-btn" href={links.login}>
          {t('login')}
        </a>
      </div>
    </section>
  );
}

function Contact({ contact, t }: { contact: PublicGuestApp['contact']; t: Translate }) {
  const tel = telUrl(contact.phone);
  const mail = mailUrl(contact.email);
  const site = webUrl(contact.website);
  if (!tel && !mail && !site && !contact.address && !contact.hours) return null;
  return (
    <section class="sl-section">
      <h2>{t('contact')}</h2>
      {contact.address && <address class="sl-text">{contact.address}</address>}
      {contact.hours && (
        <p class="sl-text">
          <strong>{t('hours')}:</strong> {contact.hours}
        </p>
      )}
      <div class="sl-contact">
        {tel && (
          <a class="sl-btn" href={tel}>
            {t('call')}: {contact.phone}
          </a>
        )}
        {mail && (
          <a class="sl-btn" href={mail}>
            {t('email')}: {contact.email}
          </a>
        )}
        {site && (
          <a class="sl-btn" href={site} target="_blank" rel="noopener noreferrer">
            {t('website')}
          </a>
        )}
      </div>
    </section>
  );
}
