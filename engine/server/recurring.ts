// Work a running engine repeats on the clock (resubmissions reopening, date-driven states): once
// shortly after start, then every `everyMs`. The timers do not keep the process alive, and a
// failed run is logged and tried again next time.
import type { EngineServices } from '../runtime/context.js';

export function startRecurring(services: EngineServices, name: string, run: () => Promise<unknown>, everyMs: number, firstMs: number): { stop(): void } {
  const go = () => void run().catch((e) => services.log.warn({ err: e }, `${name} failed`));
  const timer = setInterval(go, everyMs);
  const first = setTimeout(go, firstMs);
  timer.unref();
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
