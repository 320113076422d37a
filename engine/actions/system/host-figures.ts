// The figures behind the home page's monitors (seed 000 §2.7), measured rather than random:
// CPU over the interval since the previous sample, memory and disk use, each as 0-100 %.
// Samples are per engine process: a monitor reading, never anything the engine relies on.
import { cpus, freemem, totalmem } from 'node:os';
import { statfs } from 'node:fs/promises';

/** Shorter intervals than this answer the previous figure: a few ms of CPU time says nothing. */
const MIN_INTERVAL_MS = 1000;

export function percent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.round(Math.min(100, Math.max(0, (part / whole) * 100)) * 10) / 10;
}

interface CpuReading {
  /** Busy time and elapsed (wall × cores, or all CPU time for the host), in one unit. */
  busy: number;
  total: number;
}

/** CPU use between two readings of a cumulative counter; the first reading covers the time since start. */
function cpuSampler(read: () => CpuReading, start: CpuReading): () => number {
  let prev = start;
  let at = 0;
  let last = 0;
  return () => {
    const now = Date.now();
    if (at && now - at < MIN_INTERVAL_MS) return last;
    const cur = read();
    last = percent(cur.busy - prev.busy, cur.total - prev.total);
    prev = cur;
    at = now;
    return last;
  };
}

const cores = () => Math.max(1, cpus().length);

/** This engine process: user + system CPU time over wall time × the number of cores. */
export const processCpu = cpuSampler(
  () => {
    const u = process.cpuUsage();
    return { busy: u.user + u.system, total: Number(process.hrtime.bigint() / 1000n) * cores() };
  },
  { busy: 0, total: (Number(process.hrtime.bigint() / 1000n) - process.uptime() * 1e6) * cores() },
);

/** The whole machine: non-idle time of every core over all of their time (since boot at first). */
export const hostCpu = cpuSampler(
  () => {
    let busy = 0;
    let total = 0;
    for (const c of cpus()) {
      const t = c.times.user + c.times.nice + c.times.sys + c.times.irq;
      busy += t;
      total += t + c.times.idle;
    }
    return { busy, total };
  },
  { busy: 0, total: 0 },
);

/** Resident memory of this engine process, of the machine's total memory. */
export function processMemory(): { percent: number; usedBytes: number; totalBytes: number } {
  const used = process.memoryUsage.rss();
  return { percent: percent(used, totalmem()), usedBytes: used, totalBytes: totalmem() };
}

/** Memory in use on the machine (total less what the system reports available). */
export function hostMemory(): { percent: number; usedBytes: number; totalBytes: number } {
  const used = totalmem() - freemem();
  return { percent: percent(used, totalmem()), usedBytes: used, totalBytes: totalmem() };
}

/** Use of the file system holding `dir`, as `df` counts it: used of used + available. */
export async function diskUse(dir: string): Promise<{ percent: number; usedBytes: number; totalBytes: number }> {
  // DATA_DIR need not exist when the database is MySQL: then the engine's working directory.
  const s = await statfs(dir).catch(() => statfs(process.cwd()));
  const used = (s.blocks - s.bfree) * s.bsize;
  const available = s.bavail * s.bsize;
  return { percent: percent(used, used + available), usedBytes: used, totalBytes: s.blocks * s.bsize };
}
