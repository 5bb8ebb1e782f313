import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from './paths.ts';

/**
 * The commit checked out in the git repository holding `dir`, read from git's own files (HEAD, the
 * branch's ref, packed-refs) instead of running git, which cost a start 60–100 ms. Undefined
 * outside a repository or when the files say something this does not follow.
 */
export function gitCommitOf(dir: string): string | undefined {
  try {
    let gitDir: string | undefined;
    for (let d = dir; ; d = path.dirname(d)) {
      const candidate = path.join(d, '.git');
      if (fs.existsSync(candidate)) {
        // a worktree or submodule has a file naming its git folder
        gitDir = fs.statSync(candidate).isDirectory()
          ? candidate
          : path.resolve(d, /^gitdir: (.+)$/m.exec(fs.readFileSync(candidate, 'utf8'))?.[1]?.trim() ?? '');
        break;
      }
      if (path.dirname(d) === d) return undefined;
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40,64}$/.test(head) ? head : undefined;
    // a worktree keeps its HEAD alone; the refs live in the common folder
    const common = fs.existsSync(path.join(gitDir, 'commondir'))
      ? path.resolve(gitDir, fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim())
      : gitDir;
    for (const base of [gitDir, common]) {
      const loose = path.join(base, ref);
      if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim();
    }
    const packed = path.join(common, 'packed-refs');
    if (!fs.existsSync(packed)) return undefined;
    for (const line of fs.readFileSync(packed, 'utf8').split('\n')) {
      const [hash, name] = line.split(' ');
      if (name === ref) return hash;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

export function buildInfo(commitFromConfig?: string): { version: string; commit: string } {
  const root = serverRoot();
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
  return { version, commit: commitFromConfig ?? gitCommitOf(root)?.slice(0, 12) ?? 'unknown' };
}
