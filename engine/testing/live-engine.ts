// A test engine on a real port, and a way to run a program against it as a child process: for
// the tests of the CLI and of the documented examples, which must work from outside the engine.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Dialect } from '../db/connect.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

export async function startLiveEngine(dialect: Dialect): Promise<{ t: TestEngine; baseUrl: string }> {
  const t = await startTestEngine(dialect);
  await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, baseUrl: `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}` };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; env is added to a copy of this process's environment. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
