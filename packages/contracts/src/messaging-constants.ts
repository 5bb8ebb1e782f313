/**
 * Messaging constants (SPEC §1 messaging and video meetings, §3 message overview and message
 * category). No zod here: the web app's realtime client and menu badge take these without the
 * schemas.
 */

/** Seeded message categories (SPEC §3 /api/messagecategory/; admins may add more). */
export const MessageCategory = { personal: 1, enquiry: 2, guest: 3, booking: 4, support: 5 } as const;

/** What a conversation is: two users, a group, or a guest of the guest app with a business. */
export const ConversationKind = { direct: 1, group: 2, guest: 3 } as const;
export const CONVERSATION_KIND_KEYS = ['direct', 'group', 'guest'] as const;
export type ConversationKindKey = (typeof CONVERSATION_KIND_KEYS)[number];

/** A business's handling state of a conversation in its inbox. */
export const CONVERSATION_STATUSES = ['open', 'done'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MESSAGE_TEXT_MAX = 4000;
export const CONVERSATION_TITLE_MAX = 80;
/** Members of one conversation, the creator included. */
export const CONVERSATION_MEMBERS_MAX = 100;
/** Messages per page (newest first). */
export const MESSAGES_PAGE_SIZE = 50;
/** Changes per catch-up answer; `more` says to ask again. */
export const MESSAGE_CHANGES_MAX = 200;
export const MEETING_TITLE_MAX = 120;
/** A typing indicator shows this long after the last typing signal. */
export const TYPING_SHOWN_MS = 5000;

/** Fixed reasons of a message report (the text the moderator reads is the reason's key). */
export const MESSAGE_REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'scam', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
