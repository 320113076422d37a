// `npm run rpc -- <Action> '<json a0>' ['<json a1>' …] [--json]`: one call through the SDK, for
// trying the protocol from a shell. Exit 0 on an answer, 1 on an exception (CODE: message on
// stderr), 2 on bad usage.
import { createClient, RpcError, type Value } from '../sdk/index.js';

const USAGE = "usage: npm run rpc -- <Namespace.action> ['<json a0>' ['<json a1>' …]] [--json]  (env PORTAL_URL, PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD [+ PORTAL_OTP])";

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { action: string; args: unknown[]; json: boolean } {
  const json = argv.includes('--json');
  const rest = argv.filter((a) => a !== '--json');
  const [action, ...raw] = rest;
  if (!action || !/^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*){1,3}$/.test(action)) usage(action ? `not an action name: ${action}` : 'no action given');
  const args = raw.map((s, i) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return usage(`a${i} is not JSON: ${s}`);
    }
  });
  return { action, args, json };
}

/** Columns padded to their widest cell; null shows as NULL, so it differs from an empty string. */
function formatTable(columns: string[], rows: Record<string, unknown>[]): string {
  const cell = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/[\r\n\t]/g, ' ');
  const grid = [columns, ...rows.map((r) => columns.map((c) => cell(r[c])))];
  const widths = columns.map((_, i) => Math.max(...grid.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...grid.slice(1).map(line)].join('\n');
}

function print(action: string, values: Value[]): string {
  const out: string[] = [];
  values.forEach((v, i) => {
    if (v.type === 'text') {
      // A select's second value is the total count: shown as the table's footer instead.
      if (i === 1 && values[0]?.type === 'recordset' && /\.select$/.test(action)) return;
      out.push(v.text);
      return;
    }
    out.push(formatTable(v.columns.map((c) => c.name), v.rows));
    const total = values[1]?.type === 'text' && /\.select$/.test(action) ? ` of ${values[1].text}` : '';
    out.push(`(${v.rows.length}${total} rows)`);
  });
  return out.join('\n');
}

/** fetch says only "fetch failed"; the cause names the refused address. */
function connectMessage(e: Error): string {
  const cause = e.cause instanceof Error ? e.cause.message : '';
  return cause ? `${e.message} (${cause})` : e.message;
}

async function main(): Promise<void> {
  const { action, args, json } = parseArgs(process.argv.slice(2));
  const env = process.env;
  const client = createClient({ baseUrl: env.PORTAL_URL || 'http://127.0.0.1:3000', token: env.PORTAL_TOKEN || undefined });
  const signIn = !env.PORTAL_TOKEN && !!env.PORTAL_USER;
  try {
    if (signIn) await client.login(env.PORTAL_USER!, env.PORTAL_PASSWORD ?? '', env.PORTAL_OTP || undefined);
    const values = await client.call(action, ...args);
    process.stdout.write(`${json ? JSON.stringify(values, null, 2) : print(action, values)}\n`);
  } catch (e) {
    const message = e instanceof RpcError ? `${e.code}: ${e.message}` : `E_CONNECT: ${connectMessage(e as Error)}`;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  } finally {
    // Leave no session behind; a failed logout changes nothing about the answer already printed.
    if (signIn) await client.logout().catch(() => undefined);
  }
}

await main();
