// Where the project's own files are, independent of the working directory and of where the code
// runs from: the sources under tsx, or the engine bundle `npm start` builds into dist/engine (one
// file, so a path relative to a module's own place would mean something else there).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this code that holds the project's package.json. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'engine', 'metadata'))) return `${dir}/`;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no project folder (package.json beside engine/) above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

export const PROJECT_ROOT = projectRoot();
/** The engine's own modules (users, roles, permissions, screens, lists, mail templates, audit): every app has them. */
export const ENGINE_MODULES_DIR = join(PROJECT_ROOT, 'engine', 'metadata', 'modules') + '/';
