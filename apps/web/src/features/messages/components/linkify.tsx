export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Candidates: http(s) followed by anything but spaces, quotes and angle brackets. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.example."). */
const TRAILING = /[.,;:!?…]+$/;

/** A closing bracket without its opening one inside the address belongs to the sentence: "(https://x.example)". */
function trimUnbalanced(url: string): string {
  let out = url;
  for (;;) {
    const trimmed = out.replace(TRAILING, '');
    const last = trimmed.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    if (last && pairs[last] && trimmed.split(pairs[last]!).length <= trimmed.split(last).length - 1) {
      out = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

/** The address a link may open: http or https only, parsed by the URL parser (never javascript:, data: …). */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A message's plain text cut into text and http(s) links. Nothing is ever parsed as HTML: the parts
 * render as React text and `<a>` elements (no dangerouslySetInnerHTML anywhere in messaging).
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = trimUnbalanced(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: candidate, href });
    at = start + candidate.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** Plain text with its web addresses as links (a new tab, no opener, no referrer). */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
