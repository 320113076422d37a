// Self time of a V8 .cpuprofile by function (and by file), largest first: where a profiled run's
// CPU went; with names, also each named function's inclusive time (itself and all it calls,
// counted once however deep it recurses).
// Usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [rows=40] [name,name,…]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, rowsArg, namesArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((s, n) => s + n, 0);
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame;
  const where = f.url.replace(/^file:\/\/.*?\/(node_modules|engine|scripts)\//, '$1/') || '(native)';
  byFunction.set(`${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`, (byFunction.get(`${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`) ?? 0) + us);
  const group = where.startsWith('node_modules/') ? where.split('/').slice(0, where.includes('/@') ? 3 : 2).join('/') : where;
  byFile.set(group, (byFile.get(group) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
const rows = Number(rowsArg ?? 40);
console.log(`total ${(total / 1e6).toFixed(2)} s sampled\n\nby function:\n${top(byFunction, rows)}\n\nby file or package:\n${top(byFile, rows)}`);

if (namesArg) {
  const names = namesArg.split(',');
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>(names.map((n) => [n, 0]));
  for (const [id, us] of self) {
    const on = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (inclusive.has(name)) on.add(name);
    }
    for (const name of on) inclusive.set(name, inclusive.get(name)! + us);
  }
  console.log(`\ninclusive:\n${names.map((n) => `${((inclusive.get(n)! / total) * 100).toFixed(1).padStart(5)}%  ${n}`).join('\n')}`);
}
