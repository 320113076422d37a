import { describe, expect, it } from 'vitest';
import { extensionOf, FILE_TYPES, KNOWN_EXTENSIONS, matchesSignature, sanitizeFileName, UploadTypes } from './file-types.js';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const type = (ext: string) => FILE_TYPES.get(ext)!;

const PE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0], 'This program cannot be run in DOS mode.');
const ELF = bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0, 0, 0]);

describe('file type sniffing', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')],
    ['pdf', bytes([0xef, 0xbb, 0xbf], '\r\n%PDF-1.4\n')],
    ['png', bytes([0x89], 'PNG\r\n', [0x1a], '\n', [0, 0, 0, 13], 'IHDR')],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['zip', bytes('PK', [3, 4, 20, 0])],
    ['zip', bytes('PK', [5, 6], [0, 0, 0, 0])],
    ['docx', bytes('PK', [3, 4, 20, 0, 6, 0], '[Content_Types].xml')],
    ['xlsx', bytes('PK', [3, 4, 20, 0])],
    ['pptx', bytes('PK', [3, 4, 20, 0])],
    ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])],
    ['xls', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['ppt', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['csv', bytes('id;name\r\n1;"Tom & Jerry"\r\n2;Caf\xe9\r\n')],
    ['csv', Buffer.from('id,name\n1,Zürich 😀\n', 'utf8')],
    ['txt', bytes([0xff, 0xfe], 'h\0i\0')],
    ['txt', bytes('')],
  ])('accepts the content of a real .%s', (ext, head) => {
    expect(matchesSignature(type(ext), head)).toBe(true);
  });

  it.each(['pdf', 'png', 'jpg', 'gif', 'zip', 'docx', 'doc', 'xlsx', 'csv', 'txt'])('refuses a Windows executable renamed .%s', (ext) => {
    expect(matchesSignature(type(ext), PE)).toBe(false);
  });

  it.each(['pdf', 'png', 'zip', 'txt'])('refuses a Linux executable renamed .%s', (ext) => {
    expect(matchesSignature(type(ext), ELF)).toBe(false);
  });

  it('refuses one type dressed as another', () => {
    const png = bytes([0x89], 'PNG\r\n', [0x1a], '\n');
    expect(matchesSignature(type('pdf'), png)).toBe(false);
    expect(matchesSignature(type('jpg'), png)).toBe(false);
    expect(matchesSignature(type('docx'), bytes('%PDF-1.4'))).toBe(false);
    expect(matchesSignature(type('doc'), bytes('PK', [3, 4]))).toBe(false);
  });

  it('refuses empty or truncated binary files', () => {
    expect(matchesSignature(type('pdf'), bytes(''))).toBe(false);
    expect(matchesSignature(type('png'), bytes([0x89], 'PN'))).toBe(false);
  });

  it('refuses a PDF header hidden after other content', () => {
    expect(matchesSignature(type('pdf'), bytes('MZ', [0x90, 0], '%PDF-1.4'))).toBe(false);
    expect(matchesSignature(type('pdf'), Buffer.concat([Buffer.alloc(20, 0x20), bytes('%PDF-1.4')]))).toBe(false);
  });
});

describe('the upload allow-list', () => {
  it('covers pdf, office, csv, txt, zip and images by default', () => {
    expect([...KNOWN_EXTENSIONS].sort()).toEqual(['csv', 'doc', 'docx', 'gif', 'jpeg', 'jpg', 'pdf', 'png', 'ppt', 'pptx', 'txt', 'xls', 'xlsx', 'zip']);
  });

  it('judges a name by its last extension, in any case', () => {
    const types = new UploadTypes(['pdf', 'png']);
    expect(types.forName('Report.PDF')?.mime).toBe('application/pdf');
    expect(types.forName('scan.final.png')?.mime).toBe('image/png');
    expect(types.forName('setup.pdf.exe')).toBeUndefined();
    expect(types.forName('notes.txt')).toBeUndefined();
    expect(types.forName('pdf')).toBeUndefined();
    expect(types.forName('.pdf')).toBeUndefined();
  });

  it('refuses an unknown type in its configuration', () => {
    expect(() => new UploadTypes(['pdf', 'exe'])).toThrow('Unknown upload type exe');
  });

  it('gives each type its own content type, never the client’s', () => {
    expect(type('xlsx').mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(type('doc').mime).toBe('application/msword');
    expect(type('jpg').mime).toBe(type('jpeg').mime);
  });
});

describe('file names', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\fakepath\\Annual report.pdf', 'Annual report.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['  .hidden.csv  ', 'hidden.csv'],
    ['a\u0000b\u0007c.png', 'abc.png'],
    ['invoice\u202egnp.exe', 'invoicegnp.exe'],
    ['x<y>:"|?*.pdf', 'xy.pdf'],
    ['Bilanz\t\nÜbersicht.pdf', 'Bilanz Übersicht.pdf'],
    ['e\u0301te\u0301.txt', 'été.txt'],
    ['lone\ud800.txt', 'lone.txt'],
    ['😀 smile.png', '😀 smile.png'],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('shortens a long name to 200 characters, keeping the extension', () => {
    const name = sanitizeFileName(`${'n'.repeat(500)}.xlsx`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('n.xlsx')).toBe(true);
  });

  it('reads extensions', () => {
    expect(extensionOf('a.B.Pdf')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});

describe('upload configuration', () => {
  it('defaults to 20 MiB, every known type and DATA_DIR/files', async () => {
    const { loadConfig } = await import('../../fastify.config.js');
    const c = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(c).toMatchObject({ uploadLimit: 20 * 1024 * 1024, filesDir: '/srv/portal/files', uploadTypes: [...KNOWN_EXTENSIONS] });
    expect(loadConfig({ FILES_DIR: '/mnt/files', UPLOAD_TYPES: ' PDF, .png ,pdf' })).toMatchObject({ filesDir: '/mnt/files', uploadTypes: ['pdf', 'png'] });
  });

  it.each([[{ UPLOAD_TYPES: 'pdf,exe' }, 'UPLOAD_TYPES'], [{ UPLOAD_TYPES: ',' }, 'UPLOAD_TYPES'], [{ UPLOAD_LIMIT: '20MB' }, 'UPLOAD_LIMIT'], [{ UPLOAD_LIMIT: '0' }, 'UPLOAD_LIMIT']])(
    'refuses %o with a message naming %s',
    async (env, name) => {
      const { ConfigError, loadConfig } = await import('../../fastify.config.js');
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    },
  );
});
