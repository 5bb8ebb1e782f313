import type { User } from '@spotlist/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client';
import { makeListView, makeUser, storeLoggedInUser } from '../test/fixtures';
import { server } from '../test/server';
import { preloadPageOf } from './routes';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function countListReads(editable = true) {
  const asked: string[] = [];
  server.use(
    http.get('/api/list/:id', ({ params }) => {
      asked.push(`list ${String(params.id)}`);
      return HttpResponse.json({ ...makeListView({ id: Number(params.id), editable }), items: { list: [], total: 0 } });
    }),
    http.get('/api/list/:id/shares', ({ params }) => {
      asked.push(`shares ${String(params.id)}`);
      return HttpResponse.json({ list: [], total: 0 });
    }),
  );
  return asked;
}

describe('preloadPageOf', () => {
  it("starts a user page's first reads once the session check has named the user, under the keys the page reads", async () => {
    storeLoggedInUser();
    const asked = countListReads();
    let answer: (user: User | null) => void = () => undefined;
    preloadPageOf('/lists/7', new Promise<User | null>((resolve) => (answer = resolve)));
    await settle();
    // not before the session is known (the page's module is in by now)
    expect(asked).toEqual([]);
    answer(makeUser());
    await expect.poll(() => asked.sort()).toEqual(['list 7', 'shares 7']);
    await expect.poll(() => queryClient.getQueryState(['lists', 7])?.status).toBe('success');
    expect(queryClient.getQueryState(['lists', 7, 'shares'])?.status).toBe('success');
  });

  it("asks for another's list only, not its shares (they are the owner's: 403 and a toast)", async () => {
    storeLoggedInUser();
    const asked = countListReads(false);
    preloadPageOf('/lists/9', Promise.resolve(makeUser()));
    await expect.poll(() => queryClient.getQueryState(['lists', 9])?.status).toBe('success');
    await settle();
    expect(asked).toEqual(['list 9']);
  });

  it('reads nothing when the session check finds nobody, nor for a page that needs no login', async () => {
    storeLoggedInUser();
    const asked = countListReads();
    preloadPageOf('/lists/8', Promise.resolve(null));
    preloadPageOf('/login', Promise.resolve(makeUser()));
    await settle();
    await settle();
    expect(asked).toEqual([]);
  });
});
