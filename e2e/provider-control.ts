import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProviders } from '../apps/server/test/external-helpers.ts';
import type { FakeIdpAccount } from '../apps/server/test/fakes/oidc-idp.ts';

/**
 * The login providers' fakes for the journeys (they run in the runner's process, the tests in
 * workers): `POST <url>/account {provider, account}` sets who the provider's next sign-in logs in
 * as (an OpenID provider's account claims; null: the user cancels there).
 */
export async function startProviderControl(publicUrl: string) {
  const p = await startProviders(publicUrl);
  const idps = { apple: p.apple, linkedin: p.linkedin, apaleo: p.apaleo, bookingsuite: p.bookingsuite } as const;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        if (req.method !== 'POST' || req.url !== '/account') throw new Error('POST /account only');
        const { provider, account } = JSON.parse(body) as { provider: keyof typeof idps; account: FakeIdpAccount | null };
        if (!idps[provider]) throw new Error(`no provider ${provider}`);
        idps[provider].account = account;
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config: p.config,
    async close() {
      await new Promise((r) => server.close(r));
      await p.close();
    },
  };
}
