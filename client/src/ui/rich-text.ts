// The client's sanitiser of rich text, for every place that puts stored HTML into the page
// (SafeHtml, the bulletin editor, pasted text): DOMPurify configured from the same allow-list as
// the server's (engine/html/rich-text-policy.ts). The server already cleans every write; this
// covers rows written before it did, or by anything that bypassed the record engine.
import DOMPurify from 'dompurify';
import { isAllowedLink, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_LINK, RICH_TEXT_TAGS } from '../../../engine/html/rich-text-policy.js';

// An instance of its own: its hooks are this policy's and nobody else's.
const purifier = DOMPurify(window);

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(data.attrName) || (data.attrName === 'href' && !isAllowedLink(data.attrValue))) data.keepAttr = false;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const link = node as HTMLAnchorElement;
  // A link whose target was refused is left as its text, as the server leaves it.
  if (!link.hasAttribute('href')) {
    link.replaceWith(...Array.from(link.childNodes));
    return;
  }
  link.setAttribute('target', RICH_TEXT_LINK.target);
  link.setAttribute('rel', RICH_TEXT_LINK.rel);
});

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

/** The HTML with everything off the allow-list removed: safe to give to innerHTML. */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
