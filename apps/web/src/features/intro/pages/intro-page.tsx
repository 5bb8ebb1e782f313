import '../intro.css';
import { accountTypeKey, type User } from '@spotlist/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PageLayout } from '../../../components/layout/page-layout';
import { postLoginPath, useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translator';
import { INTRO_SLIDES } from '../slides';

/** How long the track must be still after a swipe before its slide counts as the current one. */
const SETTLE_MS = 100;

/**
 * SPEC §2 IntroPage: a few slides about what the user's account type can do, shown once after
 * onboarding (onboarding-page.tsx) and any time from the menu. The first time (no
 * `spotlist.introSeen.<id>` yet) Skip and Get started go on where onboarding would have gone — the
 * remembered page, else the dashboard — and set the flag; afterwards they go to the dashboard.
 */
export default function IntroPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The guard renders this page only with a user.
  return (
    <PageLayout title={t('MENU.INTRO')} narrow={false}>
      {user && <IntroCarousel user={user} />}
    </PageLayout>
  );
}

const prefersReducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function scrollToSlide(track: HTMLElement, index: number): void {
  const left = index * track.clientWidth;
  // no smooth scrolling for those who asked for less motion
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'instant' : 'smooth';
  if (typeof track.scrollTo === 'function') track.scrollTo({ left, behavior });
  else track.scrollLeft = left;
}

function IntroCarousel({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const headingId = useId();
  const slides = INTRO_SLIDES[accountTypeKey(user.accountType.id)];
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLElement>(null);
  const settle = useRef<number | undefined>(undefined);
  const last = index === slides.length - 1;
  const clamp = (i: number) => Math.min(Math.max(i, 0), slides.length - 1);

  useEffect(() => () => window.clearTimeout(settle.current), []);

  const show = (i: number) => {
    const to = clamp(i);
    setIndex(to);
    if (track.current) scrollToSlide(track.current, to);
  };

  // A swipe (the track's own scroll snapping) makes the slide it stops on the current one.
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const el = track.current;
      if (el && el.clientWidth > 0) setIndex(clamp(Math.round(el.scrollLeft / el.clientWidth)));
    }, SETTLE_MS);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    show(index + (e.key === 'ArrowRight' ? 1 : -1));
  };

  const finish = () => {
    const key = `${STORAGE_KEYS.introSeen}${user.id}`;
    const afterOnboarding = local.get(key) === null;
    local.set(key, '1');
    navigate(afterOnboarding ? postLoginPath(user) : PATHS.dashboard, 'root');
  };

  return (
    // the arrow keys work wherever the focus is in the carousel (track, dots or buttons)
    <div className="intro" onKeyDown={onKeyDown}>
      <h1 id={headingId} className="intro-heading">
        {t('INTRO.HEADING')}
      </h1>
      <section ref={track} className="intro-track" aria-labelledby={headingId} aria-live="polite" tabIndex={0} onScroll={onScroll}>
        {slides.map(({ id, titleKey, textKey, Art }, i) => (
          <div
            key={id}
            className="intro-slide"
            role="group"
            aria-roledescription={t('INTRO.SLIDE')}
            aria-labelledby={`${headingId}-${id}`}
            aria-hidden={i === index ? undefined : true}
          >
            <Art />
            <h2 id={`${headingId}-${id}`}>{t(titleKey)}</h2>
            <p>{t(textKey)}</p>
          </div>
        ))}
      </section>
      <div className="intro-dots" role="group" aria-label={t('INTRO.DOTS')}>
        {slides.map(({ id }, i) => (
          <button
            key={id}
            type="button"
            className="intro-dot"
            aria-label={t('INTRO.SLIDE_OF', { n: i + 1, total: slides.length })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => show(i)}
          />
        ))}
      </div>
      <div className="intro-controls">
        {!last && (
          <button type="button" className="app-button intro-skip" onClick={finish}>
            {t('INTRO.SKIP')}
          </button>
        )}
        <div className="intro-steps">
          <button
            type="button"
            className="app-button app-button-outline"
            // not `disabled`: the focus would fall out of the carousel on the first slide
            aria-disabled={index === 0 ? true : undefined}
            onClick={() => show(index - 1)}
          >
            {t('INTRO.BACK')}
          </button>
          <button key="primary" type="button" className="app-button" onClick={last ? finish : () => show(index + 1)}>
            {last ? t('INTRO.START') : t('INTRO.NEXT')}
          </button>
        </div>
      </div>
    </div>
  );
}
