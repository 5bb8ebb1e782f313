import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const started = Date.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let running;
try {
  running = await startServer(config);
} catch (err) {
  console.error(`Spotlist could not start: ${(err as Error).message}`);
  process.exit(1);
}

const { app } = running;
// In-flight requests finish; new ones get 503 while closing (return503OnClosing).
closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await running.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`Spotlist is ready on http://${shown}:${port} (${Date.now() - started} ms)`);
