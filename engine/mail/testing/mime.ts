// Just enough MIME reading for tests to check what nodemailer sent: headers, encoded-word
// subjects, multipart/alternative, 7bit / quoted-printable / base64 parts (UTF-8 only).
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between two of them is dropped. */
export function decodeWords(s: string): string {
  return s.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_w, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function collectParts(raw: string, out: { text: string; html: string }) {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r\n/, '').replace(/\r\n$/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) out.html = decoded;
  else out.text = decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const out = { text: '', html: '' };
  collectParts(raw, out);
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), ...out };
}
