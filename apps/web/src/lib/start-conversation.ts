import { useCallback, useState } from 'react';
import { api } from './api-client';
import { useAppNavigate } from './navigation';
import { conversationPath } from './paths';

const isConversation = (v: unknown): v is { id: number } =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number';

/**
 * POST /api/conversation/add { memberIds: [userId] }: the direct conversation with that user (the
 * one there is, or a new one). Not silent: a refusal (error.conversation.notallowed: not friends
 * and not a business) is the shell's toast, as for the relation actions.
 */
export const startConversation = async (userId: number): Promise<number> =>
  (await api.post<{ id: number }>('/conversation/add', { memberIds: [userId] }, { guard: isConversation })).id;

/**
 * "Message" and "Say hello" (the people pages): opens the conversation with a user, starting it
 * when there is none. `busy` while it is asked for; `onOpened` runs before the navigation (a
 * dialog closes itself).
 */
export function useStartConversation(): { busy: boolean; open: (userId: number, onOpened?: () => void) => Promise<void> } {
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const open = useCallback(
    async (userId: number, onOpened?: () => void) => {
      setBusy(true);
      try {
        const id = await startConversation(userId);
        onOpened?.();
        navigate(conversationPath(id));
      } catch {
        // the shell shows the API's refusal (an api-error toast)
      } finally {
        setBusy(false);
      }
    },
    [navigate],
  );
  return { busy, open };
}
