// vitest globalSetup: the browser tests drive the built client, so build it once per run
// when its sources changed.
import { ensureClientBuilt } from '../../scripts/client-build.js';

export default async function setup(): Promise<void> {
  await ensureClientBuilt((line) => process.stdout.write(`${line}\n`));
}
