import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The built server (`apps/server/dist/main.js`) in a process of its own, with `env` on top of this
 * process's: resolves with its address once it says it is ready (within 60 s), and a stop that
 * waits for its exit. The global setup's server and a spec's own server (another configuration).
 */
export async function startBuiltServer(
  root: string,
  env: Record<string, string | undefined>,
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { url, child, stop };
}
