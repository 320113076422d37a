// The upload allow-list: which file types are accepted, judged by the name's extension AND by
// the first bytes of the content, so a renamed executable is refused whatever it is called.
// The content type we store and serve is ours, never the one the client declared.

/** How a type is recognised from its first bytes; `text` types have no magic number. */
export type Signature = 'pdf' | 'png' | 'jpeg' | 'gif' | 'zip' | 'ole' | 'text';

export interface FileType {
  ext: string;
  mime: string;
  signature: Signature;
  /** Short name used in messages ("is not a PDF file"). */
  label: string;
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

const TYPES: FileType[] = [
  { ext: 'pdf', mime: 'application/pdf', signature: 'pdf', label: 'PDF' },
  { ext: 'doc', mime: 'application/msword', signature: 'ole', label: 'Word' },
  { ext: 'docx', mime: `${OOXML}.wordprocessingml.document`, signature: 'zip', label: 'Word' },
  { ext: 'xls', mime: 'application/vnd.ms-excel', signature: 'ole', label: 'Excel' },
  { ext: 'xlsx', mime: `${OOXML}.spreadsheetml.sheet`, signature: 'zip', label: 'Excel' },
  { ext: 'ppt', mime: 'application/vnd.ms-powerpoint', signature: 'ole', label: 'PowerPoint' },
  { ext: 'pptx', mime: `${OOXML}.presentationml.presentation`, signature: 'zip', label: 'PowerPoint' },
  { ext: 'csv', mime: 'text/csv', signature: 'text', label: 'CSV' },
  { ext: 'txt', mime: 'text/plain', signature: 'text', label: 'text' },
  { ext: 'zip', mime: 'application/zip', signature: 'zip', label: 'ZIP' },
  { ext: 'png', mime: 'image/png', signature: 'png', label: 'PNG' },
  { ext: 'jpg', mime: 'image/jpeg', signature: 'jpeg', label: 'JPEG' },
  { ext: 'jpeg', mime: 'image/jpeg', signature: 'jpeg', label: 'JPEG' },
  { ext: 'gif', mime: 'image/gif', signature: 'gif', label: 'GIF' },
];

export const FILE_TYPES: ReadonlyMap<string, FileType> = new Map(TYPES.map((t) => [t.ext, t]));
/** Every known extension: the default of UPLOAD_TYPES. */
export const KNOWN_EXTENSIONS: readonly string[] = TYPES.map((t) => t.ext);
/** Content types a download may be served with; anything else goes out as octet-stream. */
export const SERVABLE_MIME_TYPES: ReadonlySet<string> = new Set(TYPES.map((t) => t.mime));
/** How many leading bytes the sniffing looks at. */
export const SNIFF_BYTES = 8192;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
/** Local file header, empty archive, spanned archive. */
const ZIP = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];
/** OLE2 compound document: .doc, .xls, .ppt. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Offset after a UTF-8 BOM and leading blanks, which some PDF writers put before the header. */
function afterLeadingBlanks(head: Uint8Array): number {
  let i = startsWith(head, UTF8_BOM) ? 3 : 0;
  while (i < 16 && i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return i;
}

/**
 * Text has no magic number; it is told from binary by its bytes: UTF-16 with a byte-order
 * mark, or no control bytes other than tab, line feed, form feed, carriage return and the old
 * DOS end-of-file mark. An executable always has NUL bytes in its first few hundred bytes.
 */
function looksLikeText(head: Uint8Array): boolean {
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** Does `head` (the first SNIFF_BYTES bytes, or the whole file if shorter) fit the type? */
export function matchesSignature(type: FileType, head: Uint8Array): boolean {
  switch (type.signature) {
    case 'pdf':
      return startsWith(head, PDF, afterLeadingBlanks(head));
    case 'png':
      return startsWith(head, PNG);
    case 'jpeg':
      return startsWith(head, JPEG);
    case 'gif':
      return startsWith(head, GIF87) || startsWith(head, GIF89);
    case 'zip':
      return ZIP.some((sig) => startsWith(head, sig));
    case 'ole':
      return startsWith(head, OLE);
    case 'text':
      return looksLikeText(head);
  }
}

/** The lower-cased extension of a file name, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The accepted types of one deployment (UPLOAD_TYPES). */
export class UploadTypes {
  private readonly allowed: ReadonlyMap<string, FileType>;

  constructor(extensions: readonly string[]) {
    this.allowed = new Map(
      extensions.map((e) => {
        const type = FILE_TYPES.get(e);
        if (!type) throw new Error(`Unknown upload type ${e}`);
        return [e, type];
      }),
    );
  }

  /** The accepted type a file name claims, or undefined. */
  forName(name: string): FileType | undefined {
    return this.allowed.get(extensionOf(name));
  }

  list(): string[] {
    return [...this.allowed.keys()];
  }
}

const MAX_NAME = 200;

/**
 * The original file name, made safe to store, show and send back: the last path segment only
 * (browsers on Windows send `C:\fakepath\x.pdf`), no control, reserved or bidi characters, no
 * leading dots, at most 200 characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  // Lone surrogates (which XML cannot carry) go first; normalize would keep them.
  const base = raw.replace(/\p{Cs}/gu, '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  // Control, reserved and bidirectional-override characters (which can show `exe.pdf` for `fdp.exe`).
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  let name = base.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff\ufffe\uffff]/g, '').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if ([...name].length > MAX_NAME) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 16 ? `.${ext}` : '';
    name = [...name].slice(0, MAX_NAME - keep.length).join('').trimEnd() + keep;
  }
  return name;
}
