// Starts engine-process.ts as a child process, as a second engine would run in production.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../paths.js';

export interface ChildEngine {
  pid: number;
  /** The child's job worker id (`claimed_by` of the jobs it claims), once it is ready. */
  ready: Promise<{ workerId: string; port: number }>;
  /** Resolves when the child has closed its engine after a `stop` line. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-work, as in a crash. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}


export function startChildEngine(env: Record<string, string>): ChildEngine {
  // Node itself with tsx's loader, not the tsx command: that one runs the program in a second
  // process, which a SIGKILL of the first would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'engine/jobs/testing/engine-process.ts')], { cwd: PROJECT_ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  let out = '';
  let err = '';
  const waiting: (() => void)[] = [];
  child.stdout.on('data', (c) => {
    out += c;
    for (const check of [...waiting]) check();
  });
  child.stderr.on('data', (c) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(out);
        if (!m) return;
        waiting.splice(waiting.indexOf(check), 1);
        resolve(m);
      };
      waiting.push(check);
      void exited.then((code) => reject(new Error(`child engine exited (${code}) before "${re.source}": ${err.slice(0, 2000)}`)));
      check();
    });
  const ready = line(/^ready (\S+) (\d+)$/m).then((m) => ({ workerId: m[1], port: Number(m[2]) }));
  // A test that fails before using it must not leave an unhandled rejection behind.
  ready.catch(() => undefined);
  return {
    pid: child.pid ?? 0,
    ready,
    async stop() {
      const closed = line(/^closed$/m);
      child.stdin.write('stop\n');
      await closed;
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    exited,
  };
}
