import { AccountType, type Suggestion } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { PATHS } from '../../../lib/paths';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import {
  afterRelationChange,
  changeRelation,
  settingsQuery,
  suggestionsKey,
  suggestionsQuery,
  useRelationSettings,
  useSaveRelationSettings,
  useSuggestions,
  type SuggestionKind,
} from '../api/relations';
import { MatchCelebration } from '../components/match-celebration';
import { LINKED_PATHS } from '../components/people-paths';
import { SuggestionCard, type SuggestionAnswer } from '../components/suggestion-card';
import '../../../components/card.css';
import '../people.css';

/** People / Businesses (a blogger) or People / Bloggers (a business): `kind=business` suggestions. */
function KindChoice({ kind, onKind, business }: { kind: SuggestionKind; onKind: (k: SuggestionKind) => void; business: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  const choices: { value: SuggestionKind; label: string }[] = [
    { value: 'people', label: t('PEOPLE.KIND_PEOPLE') },
    { value: 'business', label: t(business ? 'PEOPLE.KIND_BLOGGERS' : 'PEOPLE.KIND_BUSINESSES') },
  ];
  return (
    <fieldset className="people-segment">
      <legend className="visually-hidden">{t('PEOPLE.KIND')}</legend>
      {choices.map((c) => (
        <label key={c.value} className="people-segment-option">
          <input type="radio" name={name} value={c.value} checked={kind === c.value} onChange={() => onKind(c.value)} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** "People who saved places in …": a trip's city; cleared to go back to everyone. */
function CityFilter({ city, onCity }: { city: string; onCity: (city: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(city);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onCity(text.trim());
  };
  return (
    <form className="people-city" onSubmit={submit} role="search" aria-label={t('PEOPLE.CITY_SEARCH')}>
      <TextInput label={t('PEOPLE.CITY')} value={text} onValue={setText} type="search" />
      <button type="submit" className="app-button app-button-outline">
        {t('PEOPLE.CITY_SUBMIT')}
      </button>
      {city && (
        <button
          type="button"
          className="app-button app-button-clear"
          onClick={() => {
            setText('');
            onCity('');
          }}
        >
          {t('PEOPLE.CITY_CLEAR')}
        </button>
      )}
    </form>
  );
}

/** "Show me in suggestions" (GET/POST /api/userrelation/settings). */
function DiscoverableSwitch() {
  const { t } = useTranslation();
  const settings = useRelationSettings();
  const save = useSaveRelationSettings();
  const id = useId();
  return (
    <section className="card people-visibility" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('PEOPLE.VISIBILITY')}</h2>
      <div className="check-field">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={settings.data?.discoverable ?? false}
          disabled={!settings.data}
          aria-describedby={`${id}-hint`}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <label htmlFor={id}>{t('PEOPLE.DISCOVERABLE')}</label>
      </div>
      <p className="form-hint" id={`${id}-hint`}>
        {t('PEOPLE.DISCOVERABLE_HINT')}
      </p>
    </section>
  );
}

/**
 * Suggested people as cards (a grid on wider screens; on a phone the top card can be swiped):
 * Match, Match as business where it makes sense, No match. An answered card leaves the list; a yes
 * that completes a match (they said yes too) opens "It's a match!". Business and blogger accounts
 * choose between people and the other side (bloggers ↔ businesses); anyone can ask for the people
 * who saved places in a city, and choose whether they are suggested to others.
 */
function PeoplePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  const accountType = user?.accountType.id;
  const canChooseKind = accountType === AccountType.business || accountType === AccountType.blogger;
  const [kind, setKind] = useState<SuggestionKind>('people');
  const [city, setCity] = useState('');
  const shownKind = canChooseKind ? kind : 'people';
  const suggestions = useSuggestions(shownKind, city);
  const [busy, setBusy] = useState<number | null>(null);
  const [answered, setAnswered] = useState(0);
  const [matched, setMatched] = useState<Suggestion['user'] | null>(null);
  const list = suggestions.data ?? [];

  const answer = async (suggestion: Suggestion, a: SuggestionAnswer) => {
    const userId = suggestion.user.id;
    setBusy(userId);
    try {
      const result = await changeRelation(
        a.kind === 'match' ? { kind: 'match', userId, category: a.category } : { kind: 'nomatch', userId },
      );
      client.setQueryData<Suggestion[]>(suggestionsKey(shownKind, city), (old) => old?.filter((s) => s.user.id !== userId));
      setAnswered((n) => n + 1);
      if (result.matched) setMatched(suggestion.user);
      void afterRelationChange(client, userId);
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageLayout title={t('PEOPLE.TITLE')} narrow={false}>
      <div className="people-head">
        <div>
          <h1>{t('PEOPLE.TITLE')}</h1>
          <p className="form-hint">{t('PEOPLE.INTRO')}</p>
        </div>
        <AppLink to={PATHS.peopleConnections} className="app-button app-button-outline">
          {t('PEOPLE.CONNECTIONS')}
        </AppLink>
      </div>
      <div className="people-controls">
        {canChooseKind && <KindChoice kind={kind} onKind={setKind} business={accountType === AccountType.business} />}
        <CityFilter city={city} onCity={setCity} />
      </div>
      {city && <p className="form-hint">{t('PEOPLE.CITY_ACTIVE', { city })}</p>}
      {suggestions.isPending && <Skeleton variant="cards" count={3} />}
      {suggestions.isError && (
        <EmptyState
          text={t('PEOPLE.LOAD_FAILED')}
          action={
            <button type="button" className="app-button" onClick={() => void suggestions.refetch()}>
              {t('PEOPLE.RETRY')}
            </button>
          }
        />
      )}
      {suggestions.isSuccess && list.length === 0 && (
        <EmptyState
          picture={city ? 'search' : 'empty'}
          text={answered > 0 ? t('PEOPLE.ALL_ANSWERED') : city ? t('PEOPLE.EMPTY_CITY', { city }) : t('PEOPLE.EMPTY')}
          action={
            answered > 0 ? (
              <button type="button" className="app-button" onClick={() => void suggestions.refetch()}>
                {t('PEOPLE.MORE')}
              </button>
            ) : (
              <AppLink to={LINKED_PATHS.marked} className="app-button">
                {t('PEOPLE.EMPTY_ACTION')}
              </AppLink>
            )
          }
        />
      )}
      {list.length > 0 && (
        <>
          <p className="form-hint people-swipe-hint">{t('PEOPLE.SWIPE_HINT')}</p>
          <ul className="card-grid people-cards" aria-label={t('PEOPLE.SUGGESTIONS')}>
            {list.map((s, index) => (
              <SuggestionCard
                key={s.user.id}
                suggestion={s}
                swipeable={index === 0}
                busy={busy === s.user.id}
                viewerIsBusiness={accountType === AccountType.business}
                onAnswer={(a) => answer(s, a)}
              />
            ))}
          </ul>
        </>
      )}
      {!suggestions.isPending && <DiscoverableSwitch />}
      {matched && user && (
        <MatchCelebration
          me={{ nickname: user.nickname.value, picturedocument: user.picturedocument, logodocument: user.logodocument }}
          them={matched}
          onClose={() => setMatched(null)}
        />
      )}
    </PageLayout>
  );
}

export default withQueryClient(PeoplePage);

/** The first suggestions and the discoverable switch, asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch(): void {
  void queryClient.prefetchQuery(suggestionsQuery('people', ''));
  void queryClient.prefetchQuery(settingsQuery());
}
