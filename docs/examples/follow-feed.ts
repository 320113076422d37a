// Following the change feed with the TypeScript SDK (docs/integrators.md "Change feed"): ask
// Form.changes from the cursor kept in a file, print each acceptance, keep the new cursor after
// every page (a restart goes on where it stopped, and sees no acceptance twice), until caught up.
// A warehouse would fetch each form's values here (Form.getData with the form id) or extract
// the period (Job.ExportAccepted.submit).
// Env: PORTAL_URL, PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD, FEED_CURSOR_FILE (default .feed-cursor).
// Run: npx tsx docs/examples/follow-feed.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createClient, RpcError } from '../../sdk/index.js';

const client = createClient({ baseUrl: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000', token: process.env.PORTAL_TOKEN });
const cursorFile = process.env.FEED_CURSOR_FILE ?? '.feed-cursor';
// An empty cursor starts from the first acceptance.
let since = existsSync(cursorFile) ? readFileSync(cursorFile, 'utf8').trim() : '';

try {
  if (!process.env.PORTAL_TOKEN) await client.login(process.env.PORTAL_USER ?? '', process.env.PORTAL_PASSWORD ?? '');
  for (;;) {
    const [entries, about] = await client.call('Form.changes', { since, max: 500 });
    const { next, more } = JSON.parse(about.type === 'text' ? about.text : '{}') as { next: string; more: boolean };
    if (entries.type === 'recordset') {
      for (const e of entries.rows) console.log([e.form, e.entity_code, e.template_code, e.template_version, e.period_end, e.accepted_on].join('\t'));
    }
    // Kept only once the page is handled: a crash before this line sees the page again.
    since = next;
    writeFileSync(cursorFile, since);
    if (!more) break;
  }
  if (!process.env.PORTAL_TOKEN) await client.logout();
} catch (e) {
  if (!(e instanceof RpcError)) throw e;
  // E_VALIDATION: the cursor file holds something the feed did not give; empty it to start over.
  console.error(`${e.code}: ${e.message}`);
  process.exitCode = 1;
}
