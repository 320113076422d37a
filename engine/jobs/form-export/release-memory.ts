// Between the forms of a batch (export) or the workbooks of an import, the garbage of the one
// just done is collected before the next is built. Each large form leaves some 30 MB behind
// (its stored cells, formula engine and workbook writer live long enough to reach V8's old
// generation), and V8 lets the old generation grow to about four times what is alive before it
// collects: left to itself a batch of 20 large forms peaked at 550 MB of RSS where one form needs
// under 300 (README, "Excel export and import of forms"). A full collection costs a tenth of a
// second or so (more on a loaded machine) beside the second or two each such form takes.
//
// The collector is V8's own `gc`, exposed by the `--expose-gc` flag. The engine is not started
// with it, so the flag is set here and the function taken from a fresh context (V8 installs
// `gc` in contexts created after the flag is set). The text evaluated is the constant `gc`,
// never anything from data.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

function collectorOf(): (() => void) | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Collects the garbage of the work just finished (a no-op where V8 does not allow it). */
export function releaseMemory(): void {
  if (collector === undefined) collector = collectorOf();
  collector?.();
}
