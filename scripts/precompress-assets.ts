// Precompresses the built client once, at build time: every text asset of client/dist gets a
// brotli (.br) and a gzip (.gz) twin beside it, which the engine's static handler sends to a
// browser that accepts them (engine/server/client-route.ts, `preCompressed`). The entry and
// designer pages fetch about 2 MB of script on a first visit; compressed it is a fraction, and
// no request pays for compressing it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.xml', '.wasm']);
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

/** Writes the .br and .gz twins of every text asset under `dir`; answers how many files got them. */
export function precompressAssets(dir: string): number {
  let n = 0;
  for (const file of filesOf(dir)) {
    if (!TEXT.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    n++;
  }
  return n;
}
