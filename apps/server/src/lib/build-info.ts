import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from './paths.ts';

export function buildInfo(commitFromConfig?: string): { version: string; commit: string } {
  const root = serverRoot();
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
  let commit = commitFromConfig ?? 'unknown';
  if (!commitFromConfig) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // not a git checkout: the commit stays unknown
    }
  }
  return { version, commit };
}
