// Links stored in screen metadata: `[field]` placeholders filled from a row or record, and
// paths within a shell resolved against it (`/reportingentity/view/[id]` is
// `/re/reportingentity/view/12` in the RE shell and `/iru/…` in the IRU shell).
import type { Row } from '../rpc/rpc';
import { shellPrefix, type ShellKind } from '../app/screen-routes';

export function fillPlaceholders(link: string, row: Row): string {
  return link.replace(/\[([A-Za-z0-9_]+)\]/g, (_, f: string) => encodeURIComponent(String(row[f] ?? '')));
}

export function resolveLink(link: string, row: Row, shell: ShellKind): string {
  const filled = fillPlaceholders(link, row);
  if (/^\/(re|iru)(\/|$)/.test(filled) || shell === 'admin') return filled;
  return `${shellPrefix(shell)}${filled}`;
}
