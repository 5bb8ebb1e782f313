import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAi } from '../apps/server/test/fakes/openai.ts';
import { phrasebook } from '../apps/server/test/fakes/phrasebook.ts';
import { startBuiltServer } from './server-process.ts';
import { startProviderControl } from './provider-control.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port that was free a moment ago. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Starts the built server on a free port with a fresh data folder; returns the teardown. */
export default async function globalSetup() {
  // native.spec.ts serves the app from a second origin, standing in for the native shells'
  // https://localhost: the server allows it by CORS as it allows theirs
  const nativePort = await freePort();
  process.env.E2E_NATIVE_ORIGIN = `http://127.0.0.1:${nativePort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-e2e-'));
  // The server serves its own copy of the embed build: a journey may deploy a "new build" into it
  // (guest-app.spec.ts) without touching the shared build output.
  const builtEmbed = process.env.EMBED_DIST ?? path.join(root, 'apps/embed/dist');
  const embedDist = path.join(dataDir, 'embed-dist');
  // without a build the server answers the visitor pages with 404 error.embed.missing, as before
  if (fs.existsSync(builtEmbed)) fs.cpSync(builtEmbed, embedDist, { recursive: true });
  // ai-assistant.spec.ts: a local OpenAI-compatible server (the one the server tests use), its
  // answer streamed in pieces slowly enough to watch it grow
  const ai = await startFakeOpenAi();
  ai.chunkDelayMs = 40;
  // "Translate to all languages": real sentences in each language (the review's language check reads them)
  const book = phrasebook();
  ai.reply = (messages) => {
    const translated = book.reply(messages);
    if (translated !== null) return translated;
    // a rewrite that loses the text's price and link (what the protected-terms check is for)
    if (messages[0]?.content.includes('Rewrite the text')) return 'Breakfast on our terrace — book at the reception.';
    const notes = messages.at(-1)?.content.split('\n').slice(1).join(' ') ?? '';
    return `Good news for our guests: ${notes}. We look forward to seeing you on the terrace — book your table at the reception.`;
  };
  // external-accounts.spec.ts: every login provider as a local fake, registered for this server's
  // address (the redirect URIs), and a control address the tests tell who logs in next
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const providers = await startProviderControl(publicUrl);
  process.env.E2E_PROVIDER_CONTROL = providers.url;
  const server = await startBuiltServer(root, {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ...providers.config,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'e2e-admin-password-1',
    SEED_DEMO: 'true',
    EMBED_DIST: embedDist,
    CORS_ORIGINS: process.env.E2E_NATIVE_ORIGIN,
    // push.spec.ts: the local push service (web-push-testing) is http://localhost, which the
    // server's SSRF guard refuses otherwise
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    AI_BASE_URL: ai.url,
  });
  const url = server.url;
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_EMBED_DIST = embedDist;
  return async () => {
    await server.stop();
    await ai.close();
    await providers.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
