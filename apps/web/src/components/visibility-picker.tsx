import { Visibility } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../lib/translator';
import { countsQuery, groupsQuery } from '../lib/relation-queries';
import { PATHS } from '../lib/paths';
import { AppLink } from './app-link';
import { VISIBILITY_LEVELS } from './visibility-levels';
import './visibility-picker.css';

/**
 * Who sees a list or a place (SPEC §3 levels): the five levels in a select (one line on a phone),
 * and under it a sentence naming who the chosen level reaches for this user — "Your friends (12).",
 * "The members of your groups: Family (4)." — from their relation counts and groups. `onChange`
 * gets the level picked.
 */
export function VisibilityPicker({ value, onChange, label }: { value: number; onChange: (level: number) => void; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const counts = useQuery(countsQuery()).data;
  const groups = useQuery(groupsQuery()).data;
  const sentence = (level: number): string => {
    if (level === Visibility.private) return t('VISIBILITY.WHO_PRIVATE');
    if (level === Visibility.friends) return t('VISIBILITY.WHO_FRIENDS', { count: counts?.friends ?? '…' });
    if (level === Visibility.follower)
      return t('VISIBILITY.WHO_FOLLOWERS', { followers: counts?.followers ?? '…', friends: counts?.friends ?? '…' });
    if (level === Visibility.groups)
      return groups && groups.length > 0
        ? t('VISIBILITY.WHO_GROUPS', { groups: groups.map((g) => `${g.name} (${g.members.length})`).join(', ') })
        : t('VISIBILITY.WHO_NO_GROUPS');
    return t('VISIBILITY.WHO_ALL');
  };
  return (
    <div className="form-field select-field visibility-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="native-select"
        value={String(value)}
        aria-describedby={`${id}-who`}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {VISIBILITY_LEVELS.map(([level, key]) => (
          <option key={level} value={String(level)}>
            {t(key)}
          </option>
        ))}
      </select>
      <p id={`${id}-who`} className="visibility-who" aria-live="polite">
        {sentence(value)} <AppLink to={PATHS.peopleConnections}>{t('VISIBILITY.MANAGE')}</AppLink>
      </p>
    </div>
  );
}
