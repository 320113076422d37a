// The XSD itself, with xmllint: the encoder's answers pass, and broken envelopes fail, which
// proves the schema that checks every answer of the suite (engine/testing) can fail at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeXml, exception, recordset, text } from '../protocol/envelope.js';
import { xmllintSchema } from '../testing/envelope-validation.js';

const dir = mkdtempSync(join(tmpdir(), 'xsd-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(xml: string): string {
  const path = join(dir, `${n++}.xml`);
  writeFileSync(path, xml);
  return path;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('the envelope XSD', () => {
  it('accepts what the encoder writes', async () => {
    const answers = [
      encodeXml([
        recordset(
          [
            { name: 'id', type: 'integer' },
            { name: 'name', type: 'string' },
            { name: 'at', type: 'datetime' },
          ],
          [
            ['1', 'Tom & Jerry <Ltd> "quoted" \t\r emoji 😀', '2024-03-05 15:04:00'],
            ['2', null, ''],
          ],
        ),
        text('1234'),
      ]),
      encodeXml([recordset([], [])]),
      encodeXml([text('')]),
      encodeXml([]),
      encodeXml([exception('E_VALIDATION', 'name: required'), text(JSON.stringify({ name: 'required' }))]),
      encodeXml([exception('E_FAIL', 'bad \u0001 char')]),
    ];
    expect(await xmllintSchema(answers.map(file))).toBeNull();
  });

  const broken: Record<string, string> = {
    'a row with an unknown element': '<response><value type="recordset"><columns><column name="a" type="string"/></columns><rows><row><v>1</v><x>2</x></row></rows></value></response>',
    'a value of an unknown type': '<response><value type="table">1</value></response>',
    'a column of an unknown type': '<response><value type="recordset"><columns><column name="a" type="money"/></columns><rows/></value></response>',
    'a recordset without columns': '<response><value type="recordset"><rows><row><v>1</v></row></rows></value></response>',
    'a value without a type': '<response><value>1</value></response>',
    'a null flag other than true': '<response><value type="recordset"><columns><column name="a" type="string"/></columns><rows><row><v null="false"/></row></rows></value></response>',
    'another root element': '<answer><value type="text">1</value></answer>',
  };
  for (const [name, xml] of Object.entries(broken)) {
    it(`refuses ${name}`, async () => {
      expect(await xmllintSchema([file(HEAD + xml)])).toMatch(/fails to validate|not expected|not an element|not a valid value|is not allowed|missing/i);
    });
  }

  it('reports every invalid file of a batch, and only those', async () => {
    const good = file(encodeXml([text('ok')]));
    const bad = file(HEAD + broken['a value of an unknown type']);
    const out = await xmllintSchema([good, bad, good]);
    expect(out).toContain(bad);
    expect(out).not.toContain(`${good} `);
  });
});
