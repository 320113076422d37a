// No way around the access evaluator: code outside the record engine that names a scoped table
// (a module with an entity scope or row rules) in a query must either go through the caller's
// rows (Record.*, accessModule, rowsOf) or declare, once per file, why it reads beyond them
// (engine/db/beyond-rules.ts); every declaring file is listed in docs/security.md for review.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.js';

const SOURCE_ROOTS = ['engine', 'portal', 'examples'];
/** Where no caller exists or the rules are the subject: the evaluator, the database layer, seeds, migrations, test kits. */
const EXEMPT = [/^engine\/records\//, /^engine\/db\//, /\/(testing|seeds|migrations)\//, /\/seeds\.ts$/, /test-kit\.ts$/, /\.test\.ts$/];

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const rel = (p: string) => path.relative(PROJECT_ROOT, p).split(path.sep).join('/');
const files = SOURCE_ROOTS.flatMap((r) => walk(path.join(PROJECT_ROOT, r)));

/** The tables of every module (engine's and apps') with an entity scope or row rules. */
function scopedTables(): string[] {
  const tables = new Set<string>();
  for (const f of files.filter((p) => /\/metadata\/modules\/[^/]+\.json$/.test(rel(p)))) {
    const m = JSON.parse(fs.readFileSync(f, 'utf8')) as { table?: string; entityScope?: unknown; rowRules?: unknown };
    if (m.table && (m.entityScope || m.rowRules)) tables.add(m.table);
  }
  return [...tables].sort();
}

const DECLARATION = /\bbeyondRules\(\s*'((?:[^'\\]|\\.){20,})'/;

/**
 * The constants a file may name a scoped table by: its own (`const IMPORT_TABLE = 'excelimport'`)
 * and those it imports from where they are exported.
 */
function tableConstantsOf(text: string, tables: string[], exported: Set<string>): string[] {
  const own = [...text.matchAll(new RegExp(`\\bconst\\s+([A-Za-z_]\\w*)\\s*=\\s*'(?:${tables.join('|')})'`, 'g'))].map((m) => m[1]!);
  const imported = [...text.matchAll(/^import\s*\{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((x) => x.trim().split(/\s+as\s+/).pop()!));
  return [...new Set([...own, ...imported.filter((n) => exported.has(n))])].sort();
}

/** Files whose queries name a scoped table: path → the tables (or constants) named. */
function directQueries(): Map<string, string[]> {
  const tables = scopedTables();
  const sources = files.filter((p) => p.endsWith('.ts'));
  const exportedAs = new RegExp(`\\bexport\\s+const\\s+([A-Za-z_]\\w*)\\s*=\\s*'(?:${tables.join('|')})'`, 'g');
  const exported = new Set(sources.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(exportedAs)].map((m) => m[1]!)));
  const out = new Map<string, string[]>();
  for (const f of sources) {
    const r = rel(f);
    if (EXEMPT.some((x) => x.test(r))) continue;
    const text = fs.readFileSync(f, 'utf8');
    const constants = tableConstantsOf(text, tables, exported);
    const named = [`'(?:${tables.join('|')})'`, ...(constants.length ? [`\\b(?:${constants.join('|')})\\b`] : [])].join('|');
    // A knex builder started on, joined to or selecting from the table: db('form'), trx({ f: 'form' }), .join('form' …, db(IMPORT_TABLE)
    const query = new RegExp(`(?:\\b(?:db|trx|tx|knex|database|conn|from|join|leftJoin|innerJoin|rightJoin|into|table)|\\.db|\\bdb\\w*)\\(\\s*(?:\\{\\s*\\w+\\s*:\\s*)?(${named})`, 'g');
    const hits = [...text.matchAll(query)].map((m) => m[1]!.replace(/'/g, ''));
    if (hits.length) out.set(r, [...new Set(hits)].sort());
  }
  return out;
}

describe('queries of scoped tables outside the record engine', () => {
  const found = directQueries();

  it('finds the scoped tables and the files that query them', () => {
    expect(scopedTables()).toEqual(expect.arrayContaining(['form', 'formbatch', 're', 're_office', 'staffclass']));
    expect(found.size).toBeGreaterThan(0);
  });

  it('come only from files that declare, with a reason, why they read beyond the caller’s rules', () => {
    const undeclared = [...found].filter(([f]) => !DECLARATION.test(fs.readFileSync(path.join(PROJECT_ROOT, f), 'utf8')));
    expect(undeclared.map(([f, t]) => `${f}: ${t.join(', ')}`)).toEqual([]);
  });

  it('are each listed in docs/security.md for review, and no listed file has stopped declaring', () => {
    const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/security.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Queries beyond the rules'));
    const declaring = files
      .map(rel)
      .filter((r) => r.endsWith('.ts') && !r.endsWith('.test.ts') && r !== 'engine/db/beyond-rules.ts' && DECLARATION.test(fs.readFileSync(path.join(PROJECT_ROOT, r), 'utf8')))
      .sort();
    const listed = [...section.matchAll(/^\| `([^`]+\.ts)` \|/gm)].map((m) => m[1]!).sort();
    expect(listed).toEqual(declaring);
    console.log(`scoped tables: ${scopedTables().length}; files querying them outside the record engine: ${found.size}; declaring files: ${declaring.length}`);
  });
});
