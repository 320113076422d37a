// A second engine process for tests and the benchmark: built from the environment like
// `npm start`, its job worker running. It prints `ready {workerId} {port}` (port 0 unless
// ENGINE_LISTEN=1), and closes cleanly (releasing its jobs) on a `stop` line or when stdin ends.
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../fastify.config.js';
import { buildEngine } from '../../server/app.js';
import { portal } from '../../../portal/app.js';

const engine = await buildEngine({ app: portal, config: loadConfig(process.env) });
let port = 0;
if (process.env.ENGINE_LISTEN === '1') {
  await engine.app.listen({ host: '127.0.0.1', port: 0 });
  port = (engine.app.server.address() as AddressInfo).port;
} else {
  await engine.app.ready();
}
process.stdout.write(`ready ${engine.jobWorker.id} ${port}\n`);
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === 'stop') break;
await engine.close();
process.stdout.write('closed\n');
process.exit(0);
