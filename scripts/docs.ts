// npm run docs: writes the contract files generated from the action registry into docs/, so
// that changes to the contract are reviewed in git. The shape snapshot is not overwritten when
// the change would break the current protocol version (that is the versioning rule).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_FILES, generateContract } from '../engine/contract/generate.js';
import { versionRuleViolation, type Shapes } from '../engine/contract/shapes.js';
import { portal } from '../portal/app.js';
import { ModuleRegistry } from '../engine/metadata/module-registry.js';
import { buildRegistry } from '../engine/actions/index.js';
import { appModules } from '../engine/app/app-modules.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = generateContract(buildRegistry(appModules(portal)));

const snapshotPath = resolve(root, CONTRACT_FILES.shapes);
let refused: string | null = null;
if (existsSync(snapshotPath)) {
  const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as Shapes;
  refused = versionRuleViolation(snapshot, JSON.parse(files[CONTRACT_FILES.shapes]) as Shapes);
}

for (const [path, content] of Object.entries(files)) {
  if (refused && path === CONTRACT_FILES.shapes) continue;
  const target = resolve(root, path);
  mkdirSync(dirname(target), { recursive: true });
  const before = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (before !== content) writeFileSync(target, content);
  console.log(`${before === content ? 'unchanged' : 'wrote    '} ${path}`);
}

if (refused) {
  console.error(`\n${CONTRACT_FILES.shapes} was not updated.\n${refused}`);
  process.exitCode = 1;
}
