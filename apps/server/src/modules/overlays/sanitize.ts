import sanitizeHtml from 'sanitize-html';

/** The rich text an overlay may hold: headings, paragraphs, emphasis, lists and links. */
export const OVERLAY_TAGS = ['h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a'] as const;
/** Where a link may lead. */
export const OVERLAY_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** An href as written, before sanitize-html's own scheme check: http(s), mailto or tel, nothing hidden in it. */
const LINK = /^\s*(https?:\/\/|mailto:|tel:)[^\s\x00-\x1f<>"'`]*\s*$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...OVERLAY_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...OVERLAY_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // a tag outside the list goes, its text stays — but nothing of these, whose content is code or markup
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'template',
    'plaintext',
    'iframe',
    'svg',
    'math',
    'object',
  ],
  allowedStyles: {},
  // every link opens in a new tab, without handing over the opener or the page it came from
  transformTags: {
    // a link to anywhere else keeps its words as plain text (a span, which the list drops)
    a: (tagName, attribs): sanitizeHtml.Tag =>
      LINK.test(attribs.href ?? '')
        ? { tagName, attribs: { href: attribs.href!.trim(), rel: 'noopener noreferrer', target: '_blank' } }
        : { tagName: 'span', attribs: {} },
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/**
 * An overlay's rich text as it is stored and served: sanitize-html to the allow-list above. Script,
 * style, event-handler attributes, `javascript:`/`data:`/`vbscript:` links, SVG, MathML, iframes
 * and every attribute but a link's href are dropped; links get `rel="noopener noreferrer"`.
 */
export function sanitizeOverlayHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
