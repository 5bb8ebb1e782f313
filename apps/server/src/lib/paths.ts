import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === '@spotlist/server') return dir;
    dir = path.dirname(dir);
  }
  throw new Error('cannot find the @spotlist/server package folder');
}
