import { sql } from 'drizzle-orm';
import { ConversationKind, MessageCategory } from '@spotlist/contracts';
import type { Db } from '../client.ts';

/** The demo's one conversation: Alex (private) asks the hotel about bikes; the hotel answered. Both read. */
const DEMO_MESSAGES = [
  { from: 'private', text: 'Hi! We arrive on Friday with two kids. Do you have bikes for guests, and a child seat?' },
  {
    from: 'business',
    text: 'Hello Alex, yes: ten city bikes, free for our guests, and two child seats at the front desk. See you on Friday!',
  },
] as const;

/**
 * An enquiry of the private demo user to the demo hotel, already answered, so the inbox of either
 * login shows a conversation (any user may write to a business: no friendship needed).
 */
export async function seedDemoConversations(db: Db, demo: { private?: number; business?: number }): Promise<void> {
  const { private: alex, business: hotel } = demo;
  if (!alex || !hotel) return;
  const last = DEMO_MESSAGES.length;
  const made = (await db.execute(
    sql`insert into conversations (kind, category_id, created_by, direct_key, last_seq, last_rev, last_activity_at)
      values (${ConversationKind.direct}, ${MessageCategory.enquiry}, ${alex}, ${`${Math.min(alex, hotel)}:${Math.max(alex, hotel)}`},
        ${last}, ${last}, now()) on conflict (direct_key) do nothing returning id`,
  )) as unknown as { rows: { id: number }[] };
  const id = made.rows[0]?.id;
  if (id === undefined) return;
  await db.execute(
    sql`insert into conversation_members (conversation_id, user_id, read_seq) values (${id}, ${alex}, ${last}), (${id}, ${hotel}, ${last})`,
  );
  for (const [i, m] of DEMO_MESSAGES.entries()) {
    const minutesAgo = (last - i) * 7;
    await db.execute(
      sql`insert into messages (conversation_id, seq, rev, sender_id, text, created_at)
        values (${id}, ${i + 1}, ${i + 1}, ${m.from === 'private' ? alex : hotel}, ${m.text}, now() - make_interval(mins => ${minutesAgo}))`,
    );
  }
}
