/**
 * SPEC §4 unsaved changes: a page with a dirty form registers its draft here (see
 * lib/use-unsaved-changes.ts); the menu consults it before it navigates and asks whether to save
 * the draft first. Kept by path: Ionic keeps left pages mounted, and a draft only stops a
 * navigation away from the page it belongs to.
 */
let draft: { path: string; discard: () => void } | null = null;

export const unsavedChanges = {
  /** The page at `path` has unsaved changes; `discard` drops them (resets its form). */
  set(path: string, discard: () => void): void {
    draft = { path, discard };
  },
  clear(path: string): void {
    if (draft?.path === path) draft = null;
  },
  /** Whether leaving the page at `path` would lose changes. */
  at: (path: string): boolean => draft?.path === path,
  /** SPEC §4 "No": the flag is cleared and the page drops its draft. */
  discard(): void {
    const d = draft;
    draft = null;
    d?.discard();
  },
};
