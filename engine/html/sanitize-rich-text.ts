// The server's sanitiser of rich text, run by the record engine on every write of a field marked
// `html` (docs/security.md). sanitize-html parses like a browser (htmlparser2, entities decoded)
// and rebuilds the markup from the allow-list of rich-text-policy.ts: whatever is not on it is
// dropped, so a stored value can only ever hold inert markup.
import sanitizeHtml from 'sanitize-html';
import { isAllowedLink, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_LINK, RICH_TEXT_TAGS } from './rich-text-policy.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  allowedClasses: {},
  allowedStyles: {},
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: isAllowedLink(attribs.href) ? { href: attribs.href.trim(), ...RICH_TEXT_LINK } : {},
    }),
  },
  // A link whose target was refused keeps its text but not the element.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** The rich text with everything off the allow-list removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
