import { AccountType } from '@spotlist/contracts';
import { signup, type TestApp } from '../test/helpers.ts';
import { must, type Actor } from './world.ts';

/**
 * The relations of the sweep's world: the actors are friends in a ring (each with the next, as
 * their private lists are shared), each owns a group holding that friend (`objects.group`, what
 * others attack) and a scratch group (what its own requests change). The stranger is a user
 * outside the matrix that relation requests aim at: a block, a follow or a no there changes
 * nothing any snapshot reads.
 */
export async function addRelations(t: TestApp, actors: Actor[]): Promise<{ id: number }> {
  for (const [i, a] of actors.entries()) {
    const next = actors[(i + 1) % actors.length];
    for (const [x, y] of [
      [a, next],
      [next, a],
    ])
      await must(t, { method: 'POST', url: `/api/userrelation/match/private/${y.id}`, token: x.token, ip: x.ip });
  }
  for (const [i, a] of actors.entries()) {
    const next = actors[(i + 1) % actors.length];
    const group = async (name: string) => {
      const g = (
        await must(t, { method: 'POST', url: '/api/usergroup/add', token: a.token, ip: a.ip, body: { name: `${a.label} ${name}` } })
      ).json() as {
        id: number;
      };
      await must(t, { method: 'POST', url: `/api/usergroup/${g.id}/member`, token: a.token, ip: a.ip, body: { userId: next.id } });
      return g.id;
    };
    a.objects.group = await group('circle');
    a.scratch.group = await group('scratch group');
    a.friend = next.id;
  }
  const stranger = await signup(t.app, AccountType.private);
  return { id: stranger.user.id };
}
