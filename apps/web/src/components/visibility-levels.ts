import { Visibility } from '@spotlist/contracts';

/** The SPEC §3 visibility levels with the translation key of each, in the order pickers offer them. */
export const VISIBILITY_LEVELS = [
  [Visibility.private, 'VISIBILITY.PRIVATE'],
  [Visibility.friends, 'VISIBILITY.FRIENDS'],
  [Visibility.groups, 'VISIBILITY.GROUPS'],
  [Visibility.follower, 'VISIBILITY.FOLLOWER'],
  [Visibility.all, 'VISIBILITY.ALL'],
] as const;
