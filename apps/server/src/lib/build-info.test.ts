import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitCommitOf } from './build-info.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

describe('gitCommitOf reads the checked-out commit as git rev-parse does', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-git-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(dir, 'a.txt'), 'a');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'first');
  fs.mkdirSync(path.join(dir, 'apps/server'), { recursive: true });
  const nested = path.join(dir, 'apps/server');

  it('on a branch with a loose ref, from a folder inside the repository', () => {
    expect(gitCommitOf(nested)).toBe(git(dir, 'rev-parse', 'HEAD'));
  });

  it('on a branch whose ref is packed', () => {
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'second');
    git(dir, 'pack-refs', '--all');
    expect(fs.existsSync(path.join(dir, '.git/refs/heads/main'))).toBe(false);
    expect(gitCommitOf(nested)).toBe(git(dir, 'rev-parse', 'HEAD'));
  });

  it('on a detached HEAD', () => {
    const first = git(dir, 'rev-parse', 'HEAD~1');
    git(dir, 'checkout', '-q', first);
    expect(gitCommitOf(nested)).toBe(first);
    git(dir, 'checkout', '-q', 'main');
  });

  it('in a worktree, whose .git is a file', () => {
    const wt = path.join(dir, '..', `${path.basename(dir)}-wt`);
    git(dir, 'worktree', 'add', '-q', '-b', 'other', wt, 'HEAD~1');
    try {
      expect(fs.statSync(path.join(wt, '.git')).isFile()).toBe(true);
      expect(gitCommitOf(wt)).toBe(git(wt, 'rev-parse', 'HEAD'));
      expect(gitCommitOf(wt)).not.toBe(gitCommitOf(dir));
    } finally {
      fs.rmSync(wt, { recursive: true, force: true });
    }
  });

  it('outside any repository: undefined', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-nogit-'));
    try {
      // the temporary folder is not inside a repository on this machine or CI's
      expect(gitCommitOf(bare)).toBeUndefined();
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
