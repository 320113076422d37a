// The one allow-list of rich text (bulletin messages, public messages, rich-text parameters):
// which elements and attributes survive and which link targets are followed. Isomorphic and
// free of dependencies: the server's sanitiser (sanitize-html, on every write) and the client's
// (DOMPurify, wherever rich text is rendered, the editor included) are both configured from it,
// so the two can never disagree about what is allowed.

/** Elements kept; any other element is dropped (its text kept, except for the ones below). */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'a',
] as const;

/** Elements dropped with everything inside them: their content is code or form data, never text to show. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title'] as const;

/** Attributes kept, per element; no other attribute survives (no event handlers, no style). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'] };

/** What every kept link carries: it opens apart from the portal and cannot reach back to it. */
export const RICH_TEXT_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A link target is followed only when it is an absolute http(s) or mailto address, or a path
 * of the portal itself: no `javascript:`, `data:`, `vbscript:`, protocol-relative or other scheme,
 * however it is spelled (entities and control characters are decoded by the parser before this).
 */
export function isAllowedLink(href: string | null | undefined): boolean {
  // Browsers ignore tabs and newlines inside a URL and leading spaces or controls before it.
  // eslint-disable-next-line no-control-regex
  const raw = String(href ?? '').replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (raw === '') return false;
  if (/^\/(?![/\\])/.test(raw)) return true;
  if (!/^(https?:|mailto:)/i.test(raw)) return false;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}
