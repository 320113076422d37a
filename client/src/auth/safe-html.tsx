// Server HTML (public messages, seed 000 §2.2) rendered through an allow-list: the text is
// parsed with DOMParser (which runs no script and loads nothing) and rebuilt as React elements,
// so no server markup ever reaches innerHTML. Only b/i/strong/em/u/p/br/ul/ol/li/span survive,
// without attributes, and a with an http(s) or mailto href; any other element is shown as the
// text of its markup.
import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = new Set(['b', 'i', 'strong', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span', 'a']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The href as the browser would follow it, when it is an absolute http(s) or mailto address. */
export function safeHref(href: string | null): string | null {
  const raw = (href ?? '').trim();
  if (!/^(https?:|mailto:)/i.test(raw)) return null;
  try {
    const url = new URL(raw);
    return LINK_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const href = tag === 'a' ? safeHref(el.getAttribute('href')) : null;
  // Not on the list (or a link to anything but http(s)/mailto): its markup becomes plain text.
  if (!ALLOWED.has(tag) || (tag === 'a' && href === null)) return el.outerHTML;
  const children = Array.from(el.childNodes, convert);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  return createElement(tag, { key }, ...children);
}

/** React nodes for a piece of untrusted HTML. */
export function sanitizeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Leading <style>, <meta>, <title>… land in the head: shown as text like any other.
  const nodes = [...Array.from(doc.head.childNodes), ...Array.from(doc.body.childNodes)];
  return createElement(Fragment, null, ...nodes.map(convert));
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{sanitizeHtml(html)}</div>;
}
