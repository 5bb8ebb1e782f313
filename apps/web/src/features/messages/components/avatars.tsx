import { PersonAvatar, type AvatarPerson } from '../../../components/person-avatar';

/**
 * The pictures of a conversation: the other person's, two overlapping ones for a group, the
 * initial of "Guest" for a guest of the guest app. Decorative: the name stands beside them.
 */
export function ConversationAvatars({
  people,
  guestName,
  size = 'md',
}: {
  people: readonly AvatarPerson[];
  guestName?: string;
  size?: 'sm' | 'md';
}) {
  if (guestName !== undefined)
    return (
      <span className={`messages-avatars messages-avatars-${size}`} aria-hidden="true">
        <PersonAvatar person={{ nickname: guestName, picturedocument: null }} size={size} />
      </span>
    );
  const shown = people.slice(0, 2);
  return (
    <span className={`messages-avatars messages-avatars-${size}${shown.length > 1 ? ' messages-avatars-pair' : ''}`} aria-hidden="true">
      {shown.length === 0 ? (
        <PersonAvatar person={{ nickname: '?', picturedocument: null }} size={size} />
      ) : (
        shown.map((p, i) => <PersonAvatar key={i} person={p} size={shown.length > 1 ? 'sm' : size} />)
      )}
    </span>
  );
}
