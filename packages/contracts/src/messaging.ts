import { z } from 'zod';
import { FormError } from './common.ts';
import { listResponseSchema } from './list-query.ts';
import { DocumentRefSchema } from './user.ts';
import {
  CONVERSATION_KIND_KEYS,
  CONVERSATION_MEMBERS_MAX,
  CONVERSATION_STATUSES,
  CONVERSATION_TITLE_MAX,
  MEETING_TITLE_MAX,
  MESSAGE_REPORT_REASONS,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_SIZE,
} from './messaging-constants.ts';

/**
 * Messaging (SPEC §1 messaging and video meetings, §3 message overview and message category):
 * conversations between users, groups, and a guest of the guest app with a business; messages
 * with text, a place or list card, an attachment or a meeting; read state per member.
 */
const id = () =>
  z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId });

/** SPEC §3 /api/messagecategory/: seeded (personal, enquiry, guest, booking, support), admin-editable. */
export const MessageCategorySchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type MessageCategoryView = z.infer<typeof MessageCategorySchema>;
export const MessageCategoryInputSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: FormError.pattern }),
  name: z.string().trim().min(1, { error: FormError.required }).max(80),
});

/** A member of a conversation as every other member sees them. */
export const ConversationMemberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  accountType: z.object({ id: z.number().int() }),
  picturedocument: DocumentRefSchema,
  admin: z.boolean(),
  /** The highest message sequence this member has read (read receipts). */
  readSeq: z.number().int(),
});
export type ConversationMember = z.infer<typeof ConversationMemberSchema>;

/** The file of an attachment: what a reader needs to show or download it. */
export const MessageFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Present for pictures. */
  urlThumb240: z.string().nullable(),
  url: z.string(),
});

/** A video meeting (SPEC §1, §9): its card in the conversation. */
export const MeetingSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  title: z.string().nullable(),
  /** A scheduled meeting's start; null for "now". */
  startsAt: z.string().nullable(),
  createdBy: z.number().int(),
  createdAt: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

/**
 * One message as every member reads it. `seq` orders messages (gapless per conversation); `rev`
 * grows with every change in the conversation (a new message, an edit, a delete), so a client
 * that knows `rev` N asks for the changes after N and misses nothing.
 */
export const MessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  rev: z.number().int(),
  /** The writing user; null for the guest of a guest conversation. */
  senderId: z.number().int().nullable(),
  /** Plain text (never HTML); empty once deleted, or for a card or file without words. */
  text: z.string(),
  placeId: z.number().int().nullable(),
  listId: z.number().int().nullable(),
  file: MessageFileSchema.nullable(),
  meeting: MeetingSchema.nullable(),
  replyTo: z
    .object({ id: z.number().int(), seq: z.number().int(), senderId: z.number().int().nullable(), text: z.string(), deleted: z.boolean() })
    .nullable(),
  /** The sender's retry key, when it sent one: its client matches its pending copy by it. */
  clientId: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationCategoryRefSchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() });

/** GET /api/conversation/{id}. */
export const ConversationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_KIND_KEYS),
  /** A group's name; null for a direct or guest conversation (the client names it by the other side). */
  title: z.string().nullable(),
  category: ConversationCategoryRefSchema,
  status: z.enum(CONVERSATION_STATUSES),
  /** The member who took care of it (a business's inbox), or null. */
  assigneeId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  members: z.array(ConversationMemberSchema),
  /** A guest conversation's guest (they have no account): their read state, and whether the business blocked them. */
  guest: z.object({ id: z.number().int(), readSeq: z.number().int(), blocked: z.boolean() }).nullable(),
  /** Whether I may write (a direct conversation with someone who blocked me, or whom I blocked, is read-only). */
  canWrite: z.boolean(),
  lastSeq: z.number().int(),
  lastRev: z.number().int(),
  myReadSeq: z.number().int(),
  unread: z.number().int(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** The last message as the overview shows it. */
export const MessagePreviewSchema = z.object({
  seq: z.number().int(),
  senderId: z.number().int().nullable(),
  text: z.string(),
  kind: z.enum(['text', 'place', 'list', 'file', 'meeting', 'deleted']),
  createdAt: z.string(),
});

/** SPEC §3 message overview: one of my conversations. */
export const MessageOverviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_KIND_KEYS),
  title: z.string().nullable(),
  category: ConversationCategoryRefSchema,
  status: z.enum(CONVERSATION_STATUSES),
  assigneeId: z.number().int().nullable(),
  /** The other members (up to 3), for names and pictures. */
  others: z.array(ConversationMemberSchema.pick({ id: true, nickname: true, accountType: true, picturedocument: true })),
  memberCount: z.number().int(),
  guest: z.boolean(),
  lastMessage: MessagePreviewSchema.nullable(),
  lastActivityAt: z.string(),
  unread: z.number().int(),
});
export type MessageOverviewItem = z.infer<typeof MessageOverviewItemSchema>;
export const MessageOverviewSchema = listResponseSchema(MessageOverviewItemSchema).extend({
  /** Unread messages over all my conversations (the menu badge). */
  unreadTotal: z.number().int(),
});
export type MessageOverview = z.infer<typeof MessageOverviewSchema>;

/** GET /api/messageoverview/unread: the menu badge. */
export const UnreadCountSchema = z.object({ unread: z.number().int(), conversations: z.number().int() });

/** POST /api/conversation/add: a direct conversation (one other member) or a group (a title and friends). */
export const ConversationInputSchema = z.strictObject({
  memberIds: z
    .array(id())
    .min(1, { error: FormError.required })
    .max(CONVERSATION_MEMBERS_MAX - 1, { error: FormError.maxlength }),
  /** Makes a group even with one other member. */
  title: z.string().trim().max(CONVERSATION_TITLE_MAX, { error: FormError.maxlength }).optional(),
  categoryId: id().optional(),
});

/** POST /api/conversation/update/{id}: a group's name, the category, the inbox status and assignee. */
export const ConversationUpdateSchema = z.strictObject({
  title: z.string().trim().min(1, { error: FormError.required }).max(CONVERSATION_TITLE_MAX, { error: FormError.maxlength }).optional(),
  categoryId: id().optional(),
  status: z.enum(CONVERSATION_STATUSES).optional(),
  /** Myself (take it) or null (leave it). */
  assigneeId: id().nullable().optional(),
});

export const ConversationMembersInputSchema = z.strictObject({
  memberIds: z
    .array(id())
    .min(1, { error: FormError.required })
    .max(CONVERSATION_MEMBERS_MAX - 1, { error: FormError.maxlength }),
});

/**
 * POST /api/conversation/{id}/message: text, and at most one of a place, a list or a file (one of
 * my documents). `clientId` makes a retry safe: the same id answers the message already stored.
 */
export const MessageInputSchema = z
  .strictObject({
    text: z.string().max(MESSAGE_TEXT_MAX, { error: 'error.message.toolong' }).default(''),
    placeId: id().optional(),
    listId: id().optional(),
    documentId: id().optional(),
    replyToId: id().optional(),
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: FormError.pattern })
      .optional(),
  })
  .transform((m) => ({ ...m, text: m.text.trim() }));
export type MessageInput = z.input<typeof MessageInputSchema>;

export const MessageEditSchema = z.strictObject({
  text: z
    .string()
    .max(MESSAGE_TEXT_MAX, { error: 'error.message.toolong' })
    .transform((s) => s.trim()),
});

/** GET /api/conversation/{id}/messages: a page before a sequence (newest first), or the changes after a revision. */
export const MessagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  size: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE).optional(),
});

export const MessagePageSchema = z.object({
  list: z.array(MessageSchema),
  /** Older messages exist (ask with `before` = the smallest seq here). */
  more: z.boolean(),
  /** The conversation's revision when read: catch up with `after` from here. */
  rev: z.number().int(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const ReadInputSchema = z.strictObject({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

export const MessageReportSchema = z.strictObject({ reason: z.enum(MESSAGE_REPORT_REASONS) });

/** POST /api/conversation/{id}/meeting: a call now, or a scheduled one. */
export const MeetingInputSchema = z.strictObject({
  title: z.string().trim().max(MEETING_TITLE_MAX, { error: FormError.maxlength }).optional(),
  startsAt: z.iso.datetime({ offset: true, error: FormError.pattern }).optional(),
});

/** GET /api/meeting/{id}/join: what the meeting page gives the Jitsi IFrame API. */
export const MeetingJoinSchema = z.object({
  meeting: MeetingSchema,
  /** The Jitsi host (MEETING_HOST). */
  domain: z.string(),
  /** The room name, `<appId>/<room>` on JaaS. */
  roomName: z.string(),
  /** Signed when JITSI_APP_ID and JITSI_APP_SECRET are set; null on a public host. */
  jwt: z.string().nullable(),
  /** Whether the host is the public trial host (a moderator login, embeds cut after 5 minutes). */
  publicHost: z.boolean(),
  displayName: z.string(),
});
export type MeetingJoin = z.infer<typeof MeetingJoinSchema>;

/** POST /api/message/{id}/translate. */
export const MessageTranslationSchema = z.object({ text: z.string(), language: z.string() });

/** The messaging capabilities this server offers (the web app hides what is not configured). */
export const MessagingFeaturesSchema = z.object({ translation: z.boolean(), meetingHost: z.string(), meetingJwt: z.boolean() });
