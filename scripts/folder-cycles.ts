// No import circles between folders (ARCHITECTURE.md, "Engine and apps"). dependency-cruiser's
// no-circular rule (.dependency-cruiser.cjs) sees circles between modules; a module graph without
// them can still go round between folders (a/x → b/y → a/z), so this check collapses each module
// to its folder and looks for circles there. A folder is the first level under engine/ or portal/
// (engine/records, portal/filing; a file at that level is its own node) or under an app of
// examples/ (examples/equipment-loans/actions). Type-only imports and tests are left out, as in
// no-circular. Run by `npm run deps`; exits 1 naming each circle and the imports that close it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Dependency { resolved: string; dependencyTypes: string[]; couldNotResolve: boolean }
interface Module { source: string; dependencies: Dependency[] }

const TEST = /\.test\.tsx?$|(^|\/)testing\//;
const ERASED = ['type-only', 'type-import'];

function folderOf(path: string): string | undefined {
  return /^(engine|portal)\/[^/]+|^examples\/[^/]+\/[^/]+/.exec(path)?.[0];
}

function cruise(): Module[] {
  const roots = ['engine', 'portal', 'examples'].filter((r) => existsSync(r));
  const out = execFileSync(
    process.execPath,
    ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--no-progress', ...roots],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return (JSON.parse(out) as { modules: Module[] }).modules;
}

/** Folder graph, with for each folder edge the module imports behind it. */
function folderGraph(modules: Module[]) {
  const edges = new Map<string, Map<string, string[]>>();
  for (const m of modules) {
    const from = folderOf(m.source);
    if (!from || TEST.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = folderOf(d.resolved);
      if (!to || to === from || d.couldNotResolve || TEST.test(d.resolved)) continue;
      if (d.dependencyTypes.some((t) => ERASED.includes(t))) continue;
      const out = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, out);
      out.set(to, [...(out.get(to) ?? []), `${m.source} → ${d.resolved}`]);
    }
  }
  return edges;
}

/** Strongly connected components of more than one folder (Tarjan): each is one or more circles. */
function circles(edges: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One shortest way round from a folder back to itself, as its import steps. */
function oneWayRound(start: string, members: Set<string>, edges: Map<string, Map<string, string[]>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

const edges = folderGraph(cruise());
let failed = 0;
for (const component of circles(edges)) {
  failed++;
  const members = new Set(component);
  console.log(`\n  error folder-circle: ${component.join(', ')}`);
  const path = oneWayRound(component[0], members, edges);
  for (let i = 0; i + 1 < path.length; i++) {
    const imports = edges.get(path[i])!.get(path[i + 1])!;
    console.log(`      ${path[i]} → ${path[i + 1]}  (${imports[0]}${imports.length > 1 ? ` and ${imports.length - 1} more` : ''})`);
  }
}
if (failed > 0) {
  console.log(`\nx ${failed} import circle(s) between folders. Break each: move the shared part to the folder that owns it, or import it with \`import type\`.\n`);
  process.exit(1);
}
console.log('✔ no import circles between folders');
