// Between the forms of a batch (export) or the workbooks of an import, the garbage of the one
// just done is collected before the next is built. Each large form leaves some 30 MB behind
// (its stored cells, formula engine and workbook writer live long enough to reach V8's old
// generation), and V8 lets the old generation grow to about four times what is alive before it
// collects: left to itself a batch of 20 large forms peaked at 550 MB of RSS where one form needs
// under 300 (README, "Excel export and import of forms"). A full collection costs a tenth of a
// second or so (more on a loaded machine) beside the second or two each such form takes.
//
// The collector is V8's own `gc`, exposed by the `--expose-gc` flag with which `npm start` and the
// benchmarks run the engine. Without the flag (an embedding that chose otherwise, the tests) the
// collection is skipped: V8 then collects on its own schedule, at a higher peak.
let collector: (() => void) | null | undefined;

/** Collects the garbage of the work just finished (a no-op where `gc` is not exposed). */
export function releaseMemory(): void {
  if (collector === undefined) {
    const exposed = (globalThis as { gc?: unknown }).gc;
    collector = typeof exposed === 'function' ? (exposed as () => void) : null;
  }
  collector?.();
}
