import { AccountType, RelationCategory, Visibility, type PublicProfile, type RelationState } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { AppLink, ExternalLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatNumber, useLocale } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { withQueryClient } from '../../../lib/query-client';
import { useStartConversation } from '../../../lib/start-conversation';
import { useTranslation } from '../../../lib/translator';
import { profileQuery, useProfile } from '../api/profile';
import { afterRelationChange, changeRelation, type MatchCategory, type RelationAction } from '../api/relations';
import { MatchCelebration } from '../components/match-celebration';
import { LINKED_PATHS } from '../components/people-paths';
import { PersonAvatar } from '../../../components/person-avatar';
import { pluralKey } from '../../../lib/plural';
import { ReportUser } from '../components/report-user';
import '../../../components/card.css';
import '../people.css';

const FRIENDS = {
  one: 'PEOPLE.FRIENDS_COUNT_ONE',
  few: 'PEOPLE.FRIENDS_COUNT_FEW',
  many: 'PEOPLE.FRIENDS_COUNT_MANY',
  other: 'PEOPLE.FRIENDS_COUNT_OTHER',
};
const FOLLOWERS = {
  one: 'PEOPLE.FOLLOWERS_COUNT_ONE',
  few: 'PEOPLE.FOLLOWERS_COUNT_FEW',
  many: 'PEOPLE.FOLLOWERS_COUNT_MANY',
  other: 'PEOPLE.FOLLOWERS_COUNT_OTHER',
};
const LIST_PLACES = {
  one: 'PEOPLE.LIST_PLACES_ONE',
  few: 'PEOPLE.LIST_PLACES_FEW',
  many: 'PEOPLE.LIST_PLACES_MANY',
  other: 'PEOPLE.LIST_PLACES_OTHER',
};
/** Who may see a list that is not for everyone (the existing visibility names). */
const VISIBILITY_KEYS: Record<number, string> = {
  [Visibility.private]: 'VISIBILITY.PRIVATE',
  [Visibility.friends]: 'VISIBILITY.FRIENDS',
  [Visibility.groups]: 'VISIBILITY.GROUPS',
  [Visibility.follower]: 'VISIBILITY.FOLLOWER',
};

/** "Friends", "Match pending", "Follows you", "Blocked": what the viewer's relation state says. */
function Badges({ relation }: { relation: RelationState }) {
  const { t } = useTranslation();
  const badges = [
    relation.friend && 'PEOPLE.BADGE_FRIENDS',
    relation.pendingCategories.length > 0 && 'PEOPLE.BADGE_PENDING',
    relation.followedBy && 'PEOPLE.BADGE_FOLLOWS_YOU',
    relation.blocked && 'PEOPLE.BADGE_BLOCKED',
  ].filter((k): k is string => typeof k === 'string');
  if (badges.length === 0) return null;
  return (
    <ul className="people-tags" aria-label={t('PEOPLE.RELATION')}>
      {badges.map((key) => (
        <li key={key} className={key === 'PEOPLE.BADGE_BLOCKED' ? 'people-tag people-tag-danger' : 'people-tag'}>
          {t(key)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a logged-in viewer can do about another user: write to a friend or a business (Message);
 * follow or unfollow; match (and match as business where it makes sense) or cancel a pending yes;
 * block after a question, or unblock; report. A yes that completes a match opens "It's a match!".
 */
function RelationActions({ profile, relation }: { profile: PublicProfile; relation: RelationState }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [matched, setMatched] = useState(false);
  const message = useStartConversation();
  const name = profile.nickname;
  // the server lets one write to a friend or to a business (else error.conversation.notallowed)
  const canMessage = !relation.blocked && (relation.friend || profile.accountType.id === AccountType.business);
  const run = async (action: RelationAction) => {
    setBusy(true);
    try {
      const result = await changeRelation(action);
      // the state answered replaces the shown one at once; the counts come with the refetch
      client.setQueryData(profileQuery(profile.id, user?.id ?? 0).queryKey, (old) =>
        old ? { ...old, relation: { ...result, matched: undefined } as RelationState } : old,
      );
      if (result.matched) setMatched(true);
      await afterRelationChange(client, profile.id);
    } catch {
      // the shell shows the API's refusal (an api-error toast)
    } finally {
      setBusy(false);
    }
  };
  const askBlock = async () => {
    const { presentAlert } = await import('../../../components/ionic/alert');
    const { role } = await presentAlert({
      header: t('PEOPLE.BLOCK_TITLE', { name }),
      message: t('PEOPLE.BLOCK_MESSAGE'),
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('PEOPLE.BLOCK'), role: 'destructive' },
      ],
    });
    if (role === 'destructive') await run({ kind: 'block', userId: profile.id });
  };
  const matchButton = (category: MatchCategory) => {
    const id = RelationCategory[category];
    if (relation.friendCategories.includes(id)) return null;
    const business = category === 'business';
    if (relation.pendingCategories.includes(id))
      return (
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={busy}
          onClick={() => void run({ kind: 'remove', userId: profile.id, type: 'match', category: id })}
        >
          {t(business ? 'PEOPLE.CANCEL_BUSINESS_MATCH' : 'PEOPLE.CANCEL_MATCH')}
        </button>
      );
    return (
      <button
        type="button"
        className={business ? 'app-button app-button-outline' : 'app-button'}
        disabled={busy}
        onClick={() => void run({ kind: 'match', userId: profile.id, category })}
      >
        {t(business ? 'PEOPLE.MATCH_BUSINESS' : 'PEOPLE.MATCH')}
      </button>
    );
  };
  return (
    <div className="people-profile-actions">
      {relation.blocked ? (
        <>
          <p className="form-hint">{t('PEOPLE.BLOCKED_HINT', { name })}</p>
          <div className="button-row people-profile-main-actions">
            <button
              type="button"
              className="app-button app-button-outline"
              disabled={busy}
              onClick={() => void run({ kind: 'remove', userId: profile.id, type: 'block', category: null })}
            >
              {t('PEOPLE.UNBLOCK')}
            </button>
          </div>
        </>
      ) : (
        <div className="button-row people-profile-main-actions">
          {canMessage && (
            <button type="button" className="app-button" disabled={message.busy} onClick={() => void message.open(profile.id)}>
              {t('PEOPLE.MESSAGE')}
            </button>
          )}
          {matchButton('private')}
          {relation.businessMatchPossible && matchButton('business')}
          {relation.following ? (
            <button
              type="button"
              className="app-button app-button-outline"
              disabled={busy}
              onClick={() => void run({ kind: 'remove', userId: profile.id, type: 'follow', category: null })}
            >
              {t('PEOPLE.UNFOLLOW')}
            </button>
          ) : (
            <button
              type="button"
              className="app-button app-button-outline"
              disabled={busy}
              onClick={() => void run({ kind: 'follow', userId: profile.id })}
            >
              {t('PEOPLE.FOLLOW')}
            </button>
          )}
        </div>
      )}
      <div className="button-row people-profile-secondary">
        {!relation.blocked && (
          <button type="button" className="app-button app-button-small app-button-clear" disabled={busy} onClick={() => void askBlock()}>
            {t('PEOPLE.BLOCK')}
          </button>
        )}
        <ReportUser userId={profile.id} name={name} />
      </div>
      {matched && user && (
        <MatchCelebration
          me={{ nickname: user.nickname.value, picturedocument: user.picturedocument, logodocument: user.logodocument }}
          them={profile}
          profileLink={false}
          onClose={() => setMatched(false)}
        />
      )}
    </div>
  );
}

/** Name, where they live, industry or blog type, homepage: what the profile has, as a list of facts. */
function Facts({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const place = [profile.city, profile.country].filter(Boolean).join(', ');
  const name = profile.name ? `${profile.name.firstname} ${profile.name.lastname}`.trim() : '';
  const facts: [string, ReactNode][] = [];
  if (name) facts.push([t('PEOPLE.FACT_NAME'), name]);
  if (place) facts.push([t('PEOPLE.FACT_PLACE'), place]);
  if (profile.industry) facts.push([t('PEOPLE.FACT_INDUSTRY'), t(`INDUSTRY.${profile.industry.key}`)]);
  if (profile.bloggertype) facts.push([t('PROFILE.BLOGGERTYPE'), profile.bloggertype]);
  if (profile.homepageUrl)
    facts.push([
      t('PEOPLE.FACT_HOMEPAGE'),
      <ExternalLink href={profile.homepageUrl}>{profile.homepageUrl.replace(/^https?:\/\//, '')}</ExternalLink>,
    ]);
  if (facts.length === 0) return null;
  return (
    <dl className="people-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Another user's profile (`/u/:id`, public): picture, nickname, account type, the facts they share
 * with the viewer, friend and follower counts, the lists the viewer may read; for a logged-in
 * viewer who is not them, the relation badges and actions. A visitor sees what the API answers
 * and a way to log in; oneself sees a link to one's profile form. Unknown (or blocked by them):
 * not found.
 */
function UserProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { status, stored } = useAuth();
  const headingId = useId();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const profile = useProfile(id, stored?.id ?? 0, valid);
  const data = profile.data;
  const missing = !valid || (profile.isError && isApiError(profile.error) && profile.error.status === 404);
  if (missing)
    return (
      <PageLayout title={t('NOTFOUND.TITLE')}>
        <NotFound text={t('PEOPLE.PROFILE_NOT_FOUND')} />
      </PageLayout>
    );
  const loggedIn = status === 'authenticated';
  return (
    <PageLayout title={data?.nickname ?? t('PEOPLE.PROFILE')} narrow={false}>
      {profile.isPending && <Skeleton count={3} />}
      {profile.isError && (
        <EmptyState
          text={t('PEOPLE.LOAD_FAILED')}
          action={
            <button type="button" className="app-button" onClick={() => void profile.refetch()}>
              {t('PEOPLE.RETRY')}
            </button>
          }
        />
      )}
      {data && (
        <div className="people-profile">
          <section className="card people-profile-card" aria-labelledby={headingId}>
            <div className="people-profile-head">
              <PersonAvatar person={data} size="xl" />
              <div className="people-card-title">
                <h1 id={headingId}>{data.nickname}</h1>
                <span className="form-hint">{t(accountTypeLabelKey(data.accountType.id))}</span>
                {data.relation && !data.self && <Badges relation={data.relation} />}
              </div>
            </div>
            <ul className="people-stats">
              <li>{t(pluralKey(locale, FRIENDS, data.friends), { count: formatNumber(data.friends, locale) })}</li>
              <li>{t(pluralKey(locale, FOLLOWERS, data.followers), { count: formatNumber(data.followers, locale) })}</li>
            </ul>
            {data.self ? (
              <p className="people-profile-note">
                {t('PEOPLE.SELF_HINT')} <AppLink to={PATHS.profile}>{t('PEOPLE.EDIT_PROFILE')}</AppLink>
              </p>
            ) : data.relation && loggedIn ? (
              <RelationActions profile={data} relation={data.relation} />
            ) : (
              status === 'anonymous' && (
                <p className="people-profile-note">
                  <AppLink to={PATHS.login}>{t('PEOPLE.LOGIN_TO_CONNECT', { name: data.nickname })}</AppLink>
                </p>
              )
            )}
          </section>
          <div className="people-profile-main">
            {(data.description || data.name || data.city || data.industry || data.bloggertype || data.homepageUrl) && (
              <section className="card" aria-labelledby={`${headingId}-about`}>
                <h2 id={`${headingId}-about`}>{t('PEOPLE.ABOUT')}</h2>
                {data.description && <p className="people-description">{data.description}</p>}
                <Facts profile={data} />
              </section>
            )}
            <section className="card" aria-labelledby={`${headingId}-lists`}>
              <h2 id={`${headingId}-lists`}>{t('PEOPLE.LISTS')}</h2>
              {data.lists.length === 0 ? (
                <p className="form-hint">{t('PEOPLE.NO_LISTS', { name: data.nickname })}</p>
              ) : (
                <ul className="place-list people-lists" aria-label={t('PEOPLE.LISTS_OF', { name: data.nickname })}>
                  {data.lists.map((list) => (
                    <li key={list.id} className="place-row">
                      <div>
                        {loggedIn ? (
                          <AppLink to={LINKED_PATHS.list(list.id)} className="place-name">
                            {list.name}
                          </AppLink>
                        ) : (
                          <strong>{list.name}</strong>
                        )}
                        <span className="form-hint">
                          {t(pluralKey(locale, LIST_PLACES, list.items), { count: formatNumber(list.items, locale) })}
                        </span>
                      </div>
                      {VISIBILITY_KEYS[list.visibility] && <span className="people-tag">{t(VISIBILITY_KEYS[list.visibility]!)}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      )}
    </PageLayout>
  );
}

export default withQueryClient(UserProfilePage);
