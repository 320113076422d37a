// Filing a whole form in one call with the TypeScript SDK (PROTOCOL.md §7): read the form's
// counter, check every value with a dry run (nothing is written; every offending cell is named),
// save them all at once, then list what Form.validate still finds before sign-off.
// Env: PORTAL_URL, PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD, FORM_ID.
// Run: FORM_ID=123 npx tsx docs/examples/file-form.ts docs/examples/bnk-01-values.json
import { readFileSync } from 'node:fs';
import { createClient, RpcError } from '../../sdk/index.js';

const client = createClient({ baseUrl: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000', token: process.env.PORTAL_TOKEN });
const form = Number(process.env.FORM_ID);
// The values by cell, as {"01!B3": 1200, "03!B2": "31-01-2026", …}.
const values = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, string | number | null>;
const cells = Object.entries(values).map(([cell, value]) => {
  const [tab, address] = cell.split('!');
  return { tab, address, value };
});

try {
  if (!process.env.PORTAL_TOKEN) await client.login(process.env.PORTAL_USER ?? '', process.env.PORTAL_PASSWORD ?? '');
  const [, about] = await client.call('Form.getData', { form });
  const { updatectr } = JSON.parse(about.type === 'text' ? about.text : '{}') as { updatectr: number };
  await client.call('Form.saveData', { form, updatectr, cells, dryRun: true });
  const [saved] = await client.call('Form.saveData', { form, updatectr, cells });
  if (saved.type === 'recordset') console.log(`saved ${cells.length} cells; updatectr ${saved.rows[0].updatectr}`);
  const [found] = await client.call('Form.validate', { form });
  if (found.type === 'recordset') for (const b of found.rows) console.log(`${b.severity}\t${b.tab ?? ''}!${b.address ?? ''}\t${b.message}`);
} catch (e) {
  if (!(e instanceof RpcError)) throw e;
  console.error(`${e.code}: ${e.message}`);
  // E_VALIDATION names every offending cell ({"01!C7": "message"}); E_CONCURRENT the cells changed since.
  for (const [cell, problem] of Object.entries((e.details ?? {}) as Record<string, unknown>)) console.error(`${cell}\t${typeof problem === 'string' ? problem : JSON.stringify(problem)}`);
  process.exitCode = 1;
}
