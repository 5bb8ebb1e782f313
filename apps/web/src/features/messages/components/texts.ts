import type { Conversation, MessageOverviewItem, MessageReportReason } from '@spotlist/contracts';
import type { PluralKeys } from '../../../lib/plural';
import type { TFunction } from '../../../lib/translator';

/**
 * The texts messaging builds from data: a conversation's name, a category's, the counted texts
 * (one key per CLDR plural category, lib/plural.ts), the report reasons. Keys are literals here so
 * the locales test finds them.
 */

/** The seeded categories (contracts MessageCategory); one an admin added shows its name. */
const CATEGORY_KEYS: Record<string, string> = {
  personal: 'MESSAGE_CATEGORY.PERSONAL',
  enquiry: 'MESSAGE_CATEGORY.ENQUIRY',
  guest: 'MESSAGE_CATEGORY.GUEST',
  booking: 'MESSAGE_CATEGORY.BOOKING',
  support: 'MESSAGE_CATEGORY.SUPPORT',
};
export const categoryLabel = (t: TFunction, category: { key: string; name: string }): string => {
  const key = CATEGORY_KEYS[category.key];
  return key ? t(key, { defaultValue: category.name }) : category.name;
};

export const REPORT_REASON_KEYS: Record<MessageReportReason, string> = {
  spam: 'MESSAGES.REPORT_REASON.SPAM',
  harassment: 'MESSAGES.REPORT_REASON.HARASSMENT',
  inappropriate: 'MESSAGES.REPORT_REASON.INAPPROPRIATE',
  scam: 'MESSAGES.REPORT_REASON.SCAM',
  other: 'MESSAGES.REPORT_REASON.OTHER',
};

export const MEMBERS: PluralKeys = {
  one: 'MESSAGES.MEMBERS_ONE',
  few: 'MESSAGES.MEMBERS_FEW',
  many: 'MESSAGES.MEMBERS_MANY',
  other: 'MESSAGES.MEMBERS_OTHER',
};
export const UNREAD: PluralKeys = {
  one: 'MESSAGES.UNREAD_ONE',
  few: 'MESSAGES.UNREAD_FEW',
  many: 'MESSAGES.UNREAD_MANY',
  other: 'MESSAGES.UNREAD_OTHER',
};
export const SEEN_BY: PluralKeys = {
  one: 'MESSAGES.SEEN_BY_ONE',
  few: 'MESSAGES.SEEN_BY_FEW',
  many: 'MESSAGES.SEEN_BY_MANY',
  other: 'MESSAGES.SEEN_BY_OTHER',
};
export const CHARACTERS_LEFT: PluralKeys = {
  one: 'MESSAGES.CHARACTERS_LEFT_ONE',
  few: 'MESSAGES.CHARACTERS_LEFT_FEW',
  many: 'MESSAGES.CHARACTERS_LEFT_MANY',
  other: 'MESSAGES.CHARACTERS_LEFT_OTHER',
};

/** The places of a shared list (the people pages' keys). */
export const LIST_PLACES: PluralKeys = {
  one: 'PEOPLE.LIST_PLACES_ONE',
  few: 'PEOPLE.LIST_PLACES_FEW',
  many: 'PEOPLE.LIST_PLACES_MANY',
  other: 'PEOPLE.LIST_PLACES_OTHER',
};

type Named = { id: number; nickname: string };

/** "Lena", "Lena, Tom and Mia": the others of a conversation by name. */
export function namesOf(t: TFunction, people: readonly Named[]): string {
  const names = people.map((p) => p.nickname);
  if (names.length <= 1) return names[0] ?? '';
  return t('MESSAGES.NAMES_AND', { names: names.slice(0, -1).join(', '), last: names.at(-1) });
}

/** A conversation's name: a group's title (else its members), "Guest" for a guest of the guest app, else the other person. */
export function conversationName(t: TFunction, c: Pick<Conversation, 'kind' | 'title'> & { others: readonly Named[] }): string {
  if (c.kind === 'guest') return t('MESSAGES.GUEST');
  if (c.kind === 'group') return c.title || namesOf(t, c.others) || t('MESSAGES.GROUP');
  return namesOf(t, c.others) || t('MESSAGES.NOBODY');
}

/** The members of a conversation other than me. */
export const othersIn = (c: Pick<Conversation, 'members'>, myId: number | undefined) => c.members.filter((m) => m.id !== myId);

/** The last message as one line of the inbox: its text, or what it is (a place, a file, a call), or that it was deleted. */
export function previewText(t: TFunction, item: Pick<MessageOverviewItem, 'lastMessage'>, myId: number | undefined): string {
  const last = item.lastMessage;
  if (!last) return t('MESSAGES.NO_MESSAGES_YET');
  const withText = (what: string) => (last.text ? `${what} · ${last.text}` : what);
  let text: string;
  switch (last.kind) {
    case 'place':
      text = withText(t('MESSAGES.PREVIEW_PLACE'));
      break;
    case 'list':
      text = withText(t('MESSAGES.PREVIEW_LIST'));
      break;
    case 'file':
      text = withText(t('MESSAGES.PREVIEW_FILE'));
      break;
    case 'meeting':
      text = t('MESSAGES.PREVIEW_MEETING');
      break;
    case 'deleted':
      return t('MESSAGES.DELETED');
    default:
      text = last.text;
  }
  return last.senderId !== null && last.senderId === myId ? t('MESSAGES.PREVIEW_YOU', { text }) : text;
}
