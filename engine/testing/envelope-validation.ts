// Validates XML answers against the envelope's XSD with a real XML Schema validator
// (xmllint from libxml2), so the published schema is held to what the engine really sends.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const ENVELOPE_XSD = resolve(fileURLToPath(import.meta.url), '../../../docs/contract/envelope.xsd');

/** Files per xmllint call: keeps the argument list far below the system's limit. */
const CHUNK = 200;

/** xmllint --noout --schema over the files; resolves to the complaints, or null when all are valid. */
export async function xmllintSchema(files: string[], xsd = ENVELOPE_XSD): Promise<string | null> {
  const complaints: string[] = [];
  for (let i = 0; i < files.length; i += CHUNK) {
    const out = await new Promise<string | null>((done, fail) => {
      execFile('xmllint', ['--noout', '--schema', xsd, ...files.slice(i, i + CHUNK)], { maxBuffer: 16 << 20 }, (err, _stdout, stderr) => {
        if (err && typeof err.code !== 'number') return fail(new Error(`xmllint could not run (install libxml2-utils): ${err.message}`));
        // xmllint prints "<file> validates" for each good file; only the rest matters.
        const lines = stderr.split('\n').filter((l) => l && !l.endsWith(' validates'));
        done(err || lines.length ? lines.join('\n') || `xmllint exited with ${err?.code}` : null);
      });
    });
    if (out) complaints.push(out);
  }
  return complaints.length ? complaints.join('\n') : null;
}

/**
 * Keeps every application/xml body the app sends in a temporary folder; `check()` validates
 * them all in one batch. The hook must be added before the app is ready.
 */
export function collectXmlAnswers(app: FastifyInstance): { readonly count: number; check(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'xml-answers-'));
  const files: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // /contract/envelope.xsd is the schema itself, not an answer.
    const answer = !req.url.startsWith('/contract/');
    if (answer && type.startsWith('application/xml') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const file = join(dir, `${String(files.length).padStart(5, '0')}.xml`);
      writeFileSync(file, payload);
      files.push(file);
      // A note of which call gave the answer, for the failure message.
      writeFileSync(`${file}.txt`, `${req.method} ${req.url} ${String((req.body as { action?: unknown } | undefined)?.action ?? '')}\n`);
    }
    return payload;
  });
  return {
    get count() {
      return files.length;
    },
    async check() {
      const complaints = files.length ? await xmllintSchema(files) : null;
      if (complaints) throw new Error(`XML answers that do not validate against docs/contract/envelope.xsd (kept in ${dir}):\n${complaints}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
