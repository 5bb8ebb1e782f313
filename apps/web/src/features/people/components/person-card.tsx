import type { Person } from '@spotlist/contracts';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link';
import { userProfilePath } from '../../../lib/paths';
import { useTranslation } from '../../../lib/translator';
import { PersonAvatar } from '../../../components/person-avatar';
import { personMeta } from './person-meta';

/** A person in a list of connections: picture, name (to their profile), type and city, notes and actions. */
export function PersonCard({ person, notes, actions }: { person: Person; notes?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="card people-person">
      <PersonAvatar person={person} size="md" />
      <div className="people-person-text">
        <AppLink to={userProfilePath(person.id)} className="place-name">
          {person.nickname}
        </AppLink>
        <span className="form-hint">{personMeta(t, person)}</span>
        {notes}
      </div>
      {actions && <div className="people-person-actions">{actions}</div>}
    </li>
  );
}
