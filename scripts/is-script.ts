// Whether this process was started to run the named script (`tsx scripts/x.ts`). By the file's
// name, not `import.meta.url`: bundled (scripts/engine-build.ts), every module of a bundle shares
// one URL, so the URL test would run every bundled script's command-line part.
import { basename } from 'node:path';

export function isScript(fileName: string): boolean {
  return process.argv[1] !== undefined && basename(process.argv[1]) === fileName;
}
