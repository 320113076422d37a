// The home page's controller: asks System.monitor for the tab's figures now and every
// MONITOR_INTERVAL_MS, keeping each monitor's last MONITOR_POINTS values. A new tab starts afresh.
import { useEffect, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { addPoint, MONITOR_INTERVAL_MS } from './monitor-levels';

export type Server = 'database' | 'app';
export const METRICS = ['cpu', 'disk', 'memory'] as const;
export type Metric = (typeof METRICS)[number];

export interface JobFigure {
  id: number;
  type: string;
  state: string;
  progress: number;
  owner: string;
  createon: string;
  finishedon: string | null;
}

/** What System.monitor answers (docs/client.md, home page). */
export interface Figures {
  server: Server;
  at: string;
  cpu: number;
  memory: number;
  disk: number;
  memoryBytes: number;
  memoryTotalBytes: number;
  diskUsedBytes: number;
  diskTotalBytes: number;
  databaseBytes?: number;
  dialect: string;
  users: { total: number; active: number; inactive: number; online: number };
  jobs: JobFigure[];
}

export type MonitorState =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'ready'; latest: Figures; history: Record<Metric, number[]> };

export function useSystemMonitor(server: Server): MonitorState {
  // Kept with the tab it belongs to: on a switch, the other tab's figures are never shown as this one's.
  const [tagged, setTagged] = useState<{ server: Server; state: MonitorState }>({ server, state: { status: 'pending' } });
  const setState = (update: (prev: MonitorState) => MonitorState) =>
    setTagged((t) => ({ server, state: update(t.server === server ? t.state : { status: 'pending' }) }));

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        // A hidden page skips its samples; the series resumes when it is seen again.
        if (document.visibilityState !== 'hidden') {
          const latest = await rpc.json<Figures>('System.monitor', { server });
          if (!live) return;
          setState((prev) => {
            const before = prev.status === 'ready' ? prev.history : { cpu: [], disk: [], memory: [] };
            const history = Object.fromEntries(METRICS.map((m) => [m, addPoint(before[m], latest[m])])) as Record<Metric, number[]>;
            return { status: 'ready', latest, history };
          });
        }
        if (live) timer = setTimeout(() => void tick(), MONITOR_INTERVAL_MS);
      } catch (e) {
        // One dialog, then the monitors stop: repeating a failure every 5 s helps nobody.
        if (!live) return;
        setState(() => ({ status: 'error' }));
        void presentError(e);
      }
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [server]);

  return tagged.server === server ? tagged.state : { status: 'pending' };
}
