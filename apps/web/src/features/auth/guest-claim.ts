import { api } from '../../lib/api-client';

/**
 * Portable guest likes: the guest app links to the login or signup page with `?guest=KEY` or
 * `#guest=KEY`; after a successful login or signup — or at once when the visitor is already logged
 * in — the guest's likes move into the user's default like list with POST /api/guest/claim
 * { guestKey }, once. Loaded with `import()` only for such a page (docs/decisions/0011). A failure
 * is shown as the usual error toast; the login itself stands.
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
