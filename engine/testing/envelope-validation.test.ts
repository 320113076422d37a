// The collector that startTestEngine puts on every test engine: it sees the XML answers of
// routes declared before it, and its check fails the test file when one is not valid.
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodeXml, text } from '../protocol/envelope.js';
import { collectXmlAnswers } from './envelope-validation.js';

async function appAnswering(xml: string) {
  const app = Fastify();
  app.get('/x', async (_req, reply) => reply.type('application/xml; charset=utf-8').send(xml));
  app.get('/j', async () => ({ not: 'xml' }));
  const answers = collectXmlAnswers(app);
  await app.ready();
  await app.inject({ method: 'GET', url: '/x' });
  await app.inject({ method: 'GET', url: '/j' });
  await app.close();
  return answers;
}

describe('collectXmlAnswers', () => {
  it('passes valid XML answers and ignores other content types', async () => {
    const answers = await appAnswering(encodeXml([text('ok')]));
    expect(answers.count).toBe(1);
    await expect(answers.check()).resolves.toBeUndefined();
  });

  it('fails with the validator output when an answer breaks the XSD', async () => {
    const answers = await appAnswering('<?xml version="1.0"?>\n<response><value type="bogus">1</value></response>\n');
    const failure = await answers.check().then(() => null, (e: Error) => e.message);
    expect(failure).toMatch(/do not validate against docs\/contract\/envelope\.xsd[\s\S]*bogus/);
    // The answers are kept for inspection when they fail; this one was made to fail.
    const kept = /kept in ([^)]+)\)/.exec(failure ?? '')?.[1];
    if (kept) rmSync(kept, { recursive: true, force: true });
  });
});
