// Runs a script's body; a configuration error prints its message (naming the variable) and
// exits 1 instead of a stack trace.
import { ConfigError } from '../fastify.config.js';

export async function runCli(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
    } else {
      console.error(`Failed: ${(e as Error).message}`);
      if (process.env.DEBUG) console.error(e);
    }
    process.exit(1);
  }
}
