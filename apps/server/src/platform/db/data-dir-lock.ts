import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so the server holds
 * a lock the operating system releases when the process ends, however it ends (kill -9 included):
 * a listening local socket named after the folder. Linux: an abstract socket (no file at all);
 * Windows: a named pipe; elsewhere a socket file in the folder, which a live holder answers on —
 * one that refuses connections was left by a dead process and is taken over. No process id is
 * guessed at: a pid of a dead holder may belong to any other live process by now.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const id = crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 32);
  const address =
    process.platform === 'linux'
      ? `\0spotlist-data-${id}`
      : process.platform === 'win32'
        ? `\\\\?\\pipe\\spotlist-data-${id}`
        : path.join(dataDir, 'spotlist.lock.sock');
  // the pid file of earlier versions locks nothing now
  fs.rmSync(path.join(dataDir, 'spotlist.lock'), { force: true });
  let server: net.Server;
  try {
    server = await listen(address);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (address.startsWith(dataDir) && !(await answers(address))) {
      fs.rmSync(address, { force: true }); // a socket file its dead holder left
      server = await listen(address);
    } else {
      throw new Error(
        `The data folder ${dataDir} is in use by another Spotlist process. ` +
          'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
        { cause: err },
      );
    }
  }
  // a holder asked whether it lives answers by accepting; the lock keeps nothing else running
  server.on('connection', (socket) => socket.destroy());
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** True when a live process listens on the socket file. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
