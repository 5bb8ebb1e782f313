import type { Suggestion } from '@spotlist/contracts';
import { useId, useRef } from 'react';
import { AppLink } from '../../../components/app-link';
import { useLocale } from '../../../lib/format';
import { userProfilePath } from '../../../lib/paths';
import { useTranslation } from '../../../lib/translator';
import type { MatchCategory } from '../api/relations';
import { LINKED_PATHS } from './people-paths';
import { PersonAvatar } from '../../../components/person-avatar';
import { personMeta } from './person-meta';
import { reasonText } from './reasons';
import { useSwipe, type SwipeOutcome } from './use-swipe';

export type SuggestionAnswer = { kind: 'match'; category: MatchCategory } | { kind: 'nomatch' };

/**
 * One suggested person as a card: picture or initials, nickname (to their profile), account type
 * and city, why they are suggested, the places we share (to each place's page), and the answers:
 * No match, Match as business (only where it makes sense between us), Match. The top card
 * (`swipeable`) also answers to a swipe: right is Match, left is No match.
 */
export function SuggestionCard(props: {
  suggestion: Suggestion;
  swipeable: boolean;
  busy: boolean;
  /** The reader is a business account (how `nearPlaces` reads). */
  viewerIsBusiness: boolean;
  onAnswer: (answer: SuggestionAnswer) => Promise<unknown>;
}) {
  const { suggestion, swipeable, busy, viewerIsBusiness, onAnswer } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { user } = suggestion;
  const name = user.nickname;
  const card = useRef<HTMLLIElement>(null);
  const swipe = useSwipe(card, swipeable && !busy, (outcome: SwipeOutcome) =>
    onAnswer(outcome === 'match' ? { kind: 'match', category: 'private' } : { kind: 'nomatch' }),
  );
  const reasons = suggestion.reasons.map((r) => reasonText(t, locale, r, viewerIsBusiness)).filter((text): text is string => text !== null);
  return (
    <li
      ref={card}
      className={swipeable ? 'card people-card people-card-swipeable' : 'card people-card'}
      aria-labelledby={`${id}-name`}
      {...swipe}
    >
      {swipeable && (
        <>
          <span className="people-stamp people-stamp-match" aria-hidden="true">
            {t('PEOPLE.MATCH')}
          </span>
          <span className="people-stamp people-stamp-nomatch" aria-hidden="true">
            {t('PEOPLE.NO_MATCH')}
          </span>
        </>
      )}
      <div className="people-card-head">
        <PersonAvatar person={user} size="lg" />
        <div className="people-card-title">
          <h2 id={`${id}-name`}>
            <AppLink to={userProfilePath(user.id)}>{name}</AppLink>
          </h2>
          <span className="form-hint">{personMeta(t, user)}</span>
        </div>
      </div>
      {reasons.length > 0 && (
        <ul className="people-reasons" aria-label={t('PEOPLE.WHY', { name })}>
          {reasons.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {suggestion.sharedPlaces.length > 0 && (
        <ul className="people-chips" aria-label={t('PEOPLE.SHARED_PLACES', { name })}>
          {suggestion.sharedPlaces.map((place) => (
            <li key={place.id}>
              <AppLink to={LINKED_PATHS.place(place.id)} className="people-chip">
                {place.name}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <div className="people-card-actions">
        {suggestion.businessMatchPossible && (
          <button
            type="button"
            className="app-button app-button-outline people-card-business"
            disabled={busy}
            aria-label={t('PEOPLE.MATCH_BUSINESS_NAMED', { name })}
            onClick={() => void onAnswer({ kind: 'match', category: 'business' }).catch(() => undefined)}
          >
            {t('PEOPLE.MATCH_BUSINESS')}
          </button>
        )}
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={busy}
          aria-label={t('PEOPLE.NO_MATCH_NAMED', { name })}
          onClick={() => void onAnswer({ kind: 'nomatch' }).catch(() => undefined)}
        >
          {t('PEOPLE.NO_MATCH')}
        </button>
        <button
          type="button"
          className="app-button"
          disabled={busy}
          aria-label={t('PEOPLE.MATCH_NAMED', { name })}
          onClick={() => void onAnswer({ kind: 'match', category: 'private' }).catch(() => undefined)}
        >
          {t('PEOPLE.MATCH')}
        </button>
      </div>
    </li>
  );
}
