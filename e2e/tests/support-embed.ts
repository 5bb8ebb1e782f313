import http from 'node:http';
import type { AddressInfo } from 'node:net';
// The zod-free contracts module: the same snippet the preview page shows.
import { embedSnippet } from '../../packages/contracts/src/widgets-public-constants.ts';

/**
 * A business's website for the embed journeys: a static page on another local port (so another
 * origin than the app) with the snippet the business copies. Exported helpers only.
 */
export interface EmbedHost {
  /** The host page's address (http://127.0.0.1:PORT/). */
  url: string;
  /** The HTML it serves. */
  html: string;
  close(): Promise<void>;
}

/** The host page's HTML: a heading, some text, the snippet (or `snippet` as given), more text. */
export function hostPage(snippet: string, title = 'Hotel Example — our tips'): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
  <body style="font-family: sans-serif; margin: 0 auto; max-width: 900px; padding: 16px">
    <h1>${title}</h1>
    <p>Our favourite places around the hotel.</p>
    ${snippet}
    <p>Thank you for staying with us.</p>
  </body>
</html>`;
}

/**
 * Serves a host page embedding the widget `publicId` of the app at `appOrigin` (e.g. the e2e
 * server's base URL) on a free port of 127.0.0.1. Pass `snippet` to use the one the preview page
 * showed (what the business copies); by default the contracts' `embedSnippet`.
 */
export async function startEmbedHost(opts: { appOrigin: string; publicId: string; lang?: string; snippet?: string }): Promise<EmbedHost> {
  const html = hostPage(opts.snippet ?? embedSnippet(new URL(opts.appOrigin).origin, opts.publicId, opts.lang));
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url !== '/' && req.url !== '/index.html')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    html,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
