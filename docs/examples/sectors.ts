// Record.select with the TypeScript SDK (sdk/index.ts): sign in or use an API token, print the
// rows and the total. Env: PORTAL_URL, and PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD.
// Run: npx tsx docs/examples/sectors.ts
import { createClient, RpcError } from '../../sdk/index.js';

const client = createClient({ baseUrl: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000', token: process.env.PORTAL_TOKEN });

try {
  if (!process.env.PORTAL_TOKEN) await client.login(process.env.PORTAL_USER ?? '', process.env.PORTAL_PASSWORD ?? '');
  const { rows, total } = await client.select<{ id: number; name: string }>({ module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 5, pageIndex: 1 });
  for (const row of rows) console.log(`${row.id}\t${row.name}`);
  console.log(`${rows.length} of ${total} rows`);
  if (!process.env.PORTAL_TOKEN) await client.logout();
} catch (e) {
  // An exception answer: e.code is the protocol's code, e.details its JSON details, if any.
  if (!(e instanceof RpcError)) throw e;
  console.error(`${e.code}: ${e.message}`);
  process.exitCode = 1;
}
