import type { Conversation, ConversationStatus } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isConversation } from './guards';
import { OVERVIEW_KEY } from './overview';

export const conversationKey = (id: number) => ['messages', 'conversation', id] as const;

/**
 * GET /api/conversation/{id}: members with their read state, whether I may write, my read state.
 * Silent: the page says "not found" itself (not a member, or no such conversation: the same 404).
 */
export const getConversation = (id: number): Promise<Conversation> =>
  api.get<Conversation>(`/conversation/${id}`, { guard: isConversation, silent: true });
export const conversationQuery = (id: number) => queryOptions({ queryKey: conversationKey(id), queryFn: () => getConversation(id) });
export const useConversation = (id: number, enabled = true) => useQuery({ ...conversationQuery(id), enabled });

/** A change of the conversation answers it: the cache takes the answer, the inbox is read again. */
const settled = (client: QueryClient, conversation: Conversation) => {
  client.setQueryData(conversationKey(conversation.id), conversation);
  return client.invalidateQueries({ queryKey: OVERVIEW_KEY });
};

export type ConversationChange =
  | { kind: 'update'; title?: string; categoryId?: number; status?: ConversationStatus; assigneeId?: number | null }
  | { kind: 'add-members'; memberIds: number[] }
  | { kind: 'remove-member'; userId: number }
  | { kind: 'block-guest'; blocked: boolean };

/**
 * POST /api/conversation/update/{id} (a group's name, category, Done/Reopen, take it / leave it),
 * POST …/{id}/members, DELETE …/{id}/members/{userId}, POST …/{id}/guest/block|unblock. A refusal
 * is the shell's toast.
 */
export function changeConversation(id: number, change: ConversationChange): Promise<Conversation> {
  switch (change.kind) {
    case 'update': {
      const { kind: _kind, ...body } = change;
      return api.post<Conversation>(`/conversation/update/${id}`, body, { guard: isConversation });
    }
    case 'add-members':
      return api.post<Conversation>(`/conversation/${id}/members`, { memberIds: change.memberIds }, { guard: isConversation });
    case 'remove-member':
      return api.request<Conversation>(`/conversation/${id}/members/${change.userId}`, { method: 'DELETE', guard: isConversation });
    case 'block-guest':
      return api.post<Conversation>(`/conversation/${id}/guest/${change.blocked ? 'block' : 'unblock'}`, {}, { guard: isConversation });
  }
}

export function useConversationChange(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ConversationChange) => changeConversation(id, change),
    onSuccess: (conversation) => settled(client, conversation),
  });
}

/** POST /api/conversation/{id}/leave: the group goes from my inbox. */
export function useLeaveConversation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/conversation/${id}/leave`, {}),
    onSuccess: () => {
      client.removeQueries({ queryKey: conversationKey(id) });
      return client.invalidateQueries({ queryKey: OVERVIEW_KEY });
    },
  });
}

/** A member's (null: the guest's) new read position (a `conversation.read` event or my own read). */
export function markReadIn(client: QueryClient, id: number, userId: number | null, seq: number, myId: number | undefined): void {
  client.setQueryData<Conversation>(conversationKey(id), (old) => {
    if (!old) return old;
    if (userId === null) return old.guest ? { ...old, guest: { ...old.guest, readSeq: Math.max(old.guest.readSeq, seq) } } : old;
    const members = old.members.map((m) => (m.id === userId && m.readSeq < seq ? { ...m, readSeq: seq } : m));
    if (userId !== myId) return { ...old, members };
    const myReadSeq = Math.max(old.myReadSeq, seq);
    return { ...old, members, myReadSeq, unread: Math.max(0, old.lastSeq - myReadSeq) };
  });
}
