import type { Conversation, Message, MessagePage } from '@spotlist/contracts';

/**
 * Structural checks of the messaging answers (the contracts' zod schemas would load zod with these
 * pages, docs/decisions/0015); the server validates what it sends with the schemas.
 */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
export const isPage = (v: unknown): v is { list: unknown[] } => isObject(v) && Array.isArray(v.list);
export const isMessage = (v: unknown): v is Message =>
  isObject(v) && typeof v.id === 'number' && typeof v.seq === 'number' && typeof v.rev === 'number';
export const isMessagePage = (v: unknown): v is MessagePage => isPage(v) && typeof (v as { rev?: unknown }).rev === 'number';
export const isConversation = (v: unknown): v is Conversation => isObject(v) && typeof v.id === 'number' && Array.isArray(v.members);
