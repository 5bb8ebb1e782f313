import type { Db } from '../../platform/db/client.ts';
import { conversationsService } from './conversations.service.ts';
import { guestChatService } from './guest-chat.service.ts';
import { messagesService } from './messages.service.ts';

export { messagingRoutes } from './messaging.routes.ts';

/** For the guests module's claim: moves a claimed guest's conversation into the user's account. */
export function guestConversationClaim(db: Db) {
  const conversations = conversationsService(db);
  const chat = guestChatService(db, conversations, messagesService(db, conversations));
  return (guestId: number, userId: number) => chat.claim(guestId, userId);
}
