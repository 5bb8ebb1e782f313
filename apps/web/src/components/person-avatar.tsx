import { usableImageUrl } from '../lib/image';
import './person-avatar.css';

export interface AvatarPerson {
  nickname: string;
  picturedocument: { urlThumb240: string } | null;
  logodocument?: { urlThumb240: string } | null;
}

/** Up to two letters of the nickname ("Lena Maier" → "LM", "lena" → "L"). */
export function initials(nickname: string): string {
  const words = nickname.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase()).join('') || '?';
}

/**
 * A person's picture (a business's logo when it has no picture), else their initials on the soft
 * brand tint. Decorative: the name always stands beside it. Shared by the people and messages pages.
 */
export function PersonAvatar({ person, size = 'md' }: { person: AvatarPerson; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const url = usableImageUrl(person.picturedocument?.urlThumb240) ?? usableImageUrl(person.logodocument?.urlThumb240);
  const className = `person-avatar person-avatar-${size}`;
  if (url) return <img className={className} src={url} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={className} aria-hidden="true">
      {initials(person.nickname)}
    </span>
  );
}
