// A second engine process for tests: built from the environment like `npm start`, it says
// `ready`, waits for a line on stdin, drains the mail outbox once and prints `drained N`.
import { createInterface } from 'node:readline';
import { loadConfig } from '../../../fastify.config.js';
import { buildEngine } from '../../server/app.js';
import { portal } from '../../../portal/app.js';

const engine = await buildEngine({ app: portal, config: loadConfig(process.env) });
if (!engine.mailWorker) throw new Error('SMTP_URL is not set');
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const _go of lines) break;
const drained = await engine.mailWorker.drain();
process.stdout.write(`drained ${drained}\n`);
await engine.close();
