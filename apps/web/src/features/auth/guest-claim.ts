import { api } from '../../lib/api-client';

/**
 * Portable guest likes (issue 6): the guest app links to the login or signup page with
 * `?guest=KEY` or `#guest=KEY`; after a successful login or signup — or at once when the visitor
 * is already logged in (the guard then leaves the page to do it and go to the dashboard) — the
 * guest's likes move into the user's default like list with POST /api/guest/claim { guestKey }, once. Loaded with
 * `import()` only when a page was opened with a key: it adds nothing to the first bundle or to the
 * pages' own chunks. A failure is shown as the usual error toast; the login itself stands.
 */
const claimed = new Set<string>();

export async function claimGuestLikes(guestKey: string): Promise<number | null> {
  if (claimed.has(guestKey)) return null;
  claimed.add(guestKey);
  try {
    const answer = await api.post<{ moved: number }>(
      '/guest/claim',
      { guestKey },
      { guard: (v) => typeof (v as { moved?: unknown } | null)?.moved === 'number' },
    );
    return answer.moved;
  } catch {
    claimed.delete(guestKey);
    return null;
  }
}
