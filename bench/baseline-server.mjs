// The baseline: a bare Fastify route in its own process, answering the same small JSON as
// GET /api/api/info with a response schema (fast-json-stringify). Spotlist's scenarios are
// reported as a share of its req/s, measured in the same run on the same machine, so the ratio
// shows what the app adds (plugins, hooks, auth, database) rather than how fast the machine is.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const started = new Date().toISOString();

app.get(
  '/api/api/info',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            version: { type: 'string' },
            commit: { type: 'string' },
            serverTime: { type: 'string' },
          },
          required: ['name', 'version', 'commit', 'serverTime'],
        },
      },
    },
  },
  async () => ({ name: 'Spotlist baseline', version: '0.0.0', commit: 'baseline', serverTime: new Date().toISOString() }),
);
app.get('/healthz', async () => ({ started }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`baseline ready on http://127.0.0.1:${app.server.address().port}`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => app.close().then(() => process.exit(0)));
