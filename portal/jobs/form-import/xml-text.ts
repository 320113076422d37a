// Text of a workbook part's XML: the predefined entities and character references decoded, and
// nothing else (no entity a part declares is ever expanded).

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's predefined entities and character references, the only ones a workbook part uses. */
export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  // The export's references quote sheet names as `&apos;`: with no other reference, no regex.
  const quoted = s.replaceAll('&apos;', "'");
  if (!quoted.includes('&')) return quoted;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const n = e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
  });
}
