// The history of one screen definition (Screen.history) for the editors: its versions with who
// saved them, when and which keys changed; two versions compared path by path (Screen.version,
// json-diff.ts); and an earlier version restored as the newest (Screen.restore, compare-and-set
// on the editor's updatectr). The editor reloads its definition in onRestored.
import { useCallback, useEffect, useState, type JSX } from 'react';
import { rpc, RpcError } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { formatDateTime } from '../ui/date-format';
import { diffJson, shortJson, type DiffEntry } from './json-diff';
import './screen-history.css';

/** A screen kind, WebReport, or a module whose saves keep versions (ProfileTab, BusinessInfoField). */
export type ScreenModuleName = 'WebList' | 'WebListview' | 'WebForms' | 'WebReport' | (string & {});

interface VersionRow {
  version: number;
  action: string;
  who: string;
  when: string;
  changed: string[];
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; versions: VersionRow[] };

type Comparison = { status: 'loading' } | { status: 'ready'; from: number; to: number; entries: DiffEntry[] } | { status: 'error'; message: string };

type Notice = { tone: 'success' | 'error'; text: string; details?: string[] } | null;

const ACTION_LABELS: Record<string, string> = { create: 'Created', update: 'Saved', delete: 'Deleted', restore: 'Restored', import: 'Imported' };

const SCREEN_KINDS = ['WebList', 'WebListview', 'WebForms'];

/** Screens have Screen.*; a versioned module's records Metadata.* (docs/screens.md "Versions"). */
function actionOf(module: ScreenModuleName, what: 'history' | 'version' | 'restore'): string {
  return `${SCREEN_KINDS.includes(module) ? 'Screen' : 'Metadata'}.${what}`;
}

async function loadHistory(module: ScreenModuleName, id: number): Promise<VersionRow[]> {
  // A report's versions have actions of their own (Report.*, docs/reports.md).
  const values = module === 'WebReport' ? await rpc.call('Report.history', { id }) : await rpc.call(actionOf(module, 'history'), { module, id });
  const rs = values[0];
  if (rs?.type !== 'recordset') return [];
  return rs.rows.map((r) => ({
    version: Number(r.version),
    action: String(r.action ?? ''),
    who: String(r.createby_name ?? (r.createby === null || r.createby === undefined ? 'system' : `user ${r.createby}`)),
    when: String(r.createon ?? ''),
    changed: String(r.changed ?? '')
      .split(',')
      .filter(Boolean),
  }));
}

async function loadVersion(module: ScreenModuleName, id: number, version: number): Promise<unknown> {
  return JSON.parse((module === 'WebReport' ? await rpc.text('Report.version', { id, version }) : await rpc.text(actionOf(module, 'version'), { module, id, version })) || 'null');
}

export function ScreenHistory(props: { module: ScreenModuleName; id: number; updatectr: number; onRestored(): void }): JSX.Element {
  const { module, id, updatectr, onRestored } = props;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [restoring, setRestoring] = useState(false);

  // Reloaded whenever the editor saves (its updatectr moves) or a restore succeeds.
  useEffect(() => {
    let live = true;
    setLoaded((l) => (l.status === 'ready' ? l : { status: 'loading' }));
    loadHistory(module, id).then(
      (versions) => {
        if (!live) return;
        setLoaded({ status: 'ready', versions });
        // By default compare the newest version with the one before it.
        setTo(versions[0]?.version ?? null);
        setFrom(versions[1]?.version ?? versions[0]?.version ?? null);
        setComparison(null);
      },
      (e: unknown) => live && setLoaded({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [module, id, updatectr, reloads]);

  const compare = useCallback(async () => {
    if (from === null || to === null) return;
    setComparison({ status: 'loading' });
    try {
      const [a, b] = await Promise.all([loadVersion(module, id, from), loadVersion(module, id, to)]);
      setComparison({ status: 'ready', from, to, entries: diffJson(a, b) });
    } catch (e) {
      setComparison({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : String(e) });
    }
  }, [module, id, from, to]);

  const restore = useCallback(
    async (version: number) => {
      const ok = await dialogs.confirm(
        'Restore this version?',
        `Version ${version} will be saved again as the newest version of this definition, for every user on their next page load. The current definition stays in the history.`,
        { yes: 'Restore', no: 'Cancel' },
      );
      if (!ok) return;
      setRestoring(true);
      setNotice(null);
      try {
        if (module === 'WebReport') await rpc.call('Report.restore', { id, version, updatectr });
        else await rpc.call(actionOf(module, 'restore'), { module, id, version, updatectr });
        setNotice({ tone: 'success', text: `Version ${version} was restored as the newest version.` });
        setReloads((n) => n + 1);
        onRestored();
      } catch (e) {
        if (e instanceof RpcError && e.code === 'E_CONCURRENT') {
          setNotice({
            tone: 'error',
            text: 'Not restored: this definition was saved by someone else (or in another tab) after you opened it. Reload the editor to see the latest definition, then restore again if you still want to.',
          });
          setReloads((n) => n + 1);
        } else if (e instanceof RpcError && e.code === 'E_VALIDATION') {
          const fields = fieldErrorsOf(e);
          setNotice({
            tone: 'error',
            text: `Not restored: version ${version} is no longer a valid definition.`,
            details: fields ? Object.entries(fields).map(([k, v]) => `${k}: ${v}`) : [e.message],
          });
        } else {
          await presentError(e);
        }
      } finally {
        setRestoring(false);
      }
    },
    [module, id, updatectr, onRestored],
  );

  if (loaded.status === 'loading') {
    return (
      <section className="screen-history" data-testid="screen-history" data-state="loading">
        <p className="muted">Loading the history…</p>
      </section>
    );
  }
  if (loaded.status === 'error') {
    return (
      <section className="screen-history" data-testid="screen-history" data-state="error" role="alert">
        <p>The history could not be loaded: {loaded.message}</p>
      </section>
    );
  }
  const { versions } = loaded;
  const newest = versions[0]?.version;
  return (
    <section className="screen-history" data-testid="screen-history" data-state="ready">
      <h2>History</h2>
      {notice && (
        <div className={`history-notice history-notice-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="history-notice" data-tone={notice.tone}>
          <p>{notice.text}</p>
          {notice.details && (
            <ul>
              {notice.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {versions.length === 0 ? (
        <p className="muted">No saved versions yet.</p>
      ) : (
        <table className="table history-table" data-testid="history-table">
          <thead>
            <tr>
              <th title="Compare from">From</th>
              <th title="Compare to">To</th>
              <th>Version</th>
              <th>Action</th>
              <th>By</th>
              <th>When</th>
              <th>Changed</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} data-testid="history-row" data-version={v.version}>
                <td>
                  <input type="radio" name={`history-from-${module}-${id}`} aria-label={`Compare from version ${v.version}`} data-testid={`history-from-${v.version}`} checked={from === v.version} onChange={() => setFrom(v.version)} />
                </td>
                <td>
                  <input type="radio" name={`history-to-${module}-${id}`} aria-label={`Compare to version ${v.version}`} data-testid={`history-to-${v.version}`} checked={to === v.version} onChange={() => setTo(v.version)} />
                </td>
                <td>{v.version}</td>
                <td>{ACTION_LABELS[v.action] ?? v.action}</td>
                <td>{v.who}</td>
                <td>{formatDateTime(v.when)}</td>
                <td className="history-changed">{v.changed.join(', ') || (v.action === 'create' ? 'everything' : '')}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid={`history-restore-${v.version}`}
                    disabled={restoring || v.version === newest || v.action === 'delete'}
                    title={v.version === newest ? 'This is the current version' : v.action === 'delete' ? 'A deletion cannot be restored' : `Save version ${v.version} again as the newest`}
                    onClick={() => void restore(v.version)}
                  >
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {versions.length > 1 && (
        <div className="toolbar">
          <button type="button" className="btn" data-testid="history-compare" disabled={from === null || to === null || from === to || comparison?.status === 'loading'} onClick={() => void compare()}>
            Compare version {from ?? '…'} with {to ?? '…'}
          </button>
        </div>
      )}
      {comparison && <ComparisonView comparison={comparison} />}
    </section>
  );
}

const KIND_SIGNS: Record<DiffEntry['kind'], string> = { added: '+', removed: '−', changed: '~' };

function ComparisonView({ comparison }: { comparison: Comparison }) {
  if (comparison.status === 'loading') return <p className="muted">Comparing…</p>;
  if (comparison.status === 'error') return <p role="alert">The versions could not be compared: {comparison.message}</p>;
  const { from, to, entries } = comparison;
  return (
    <div className="history-diff" data-testid="history-diff" data-from={from} data-to={to} data-count={entries.length}>
      <h3>
        Version {from} → version {to}: {entries.length === 0 ? 'no differences' : `${entries.length} difference${entries.length === 1 ? '' : 's'}`}
      </h3>
      {entries.length > 0 && (
        <ul>
          {entries.map((d, n) => (
            <li key={`${d.path}-${n}`} className={`diff-${d.kind}`} data-testid="diff-entry" data-kind={d.kind} data-path={d.path}>
              <span className="diff-sign" aria-label={d.kind}>
                {KIND_SIGNS[d.kind]}
              </span>{' '}
              <code className="diff-path">{d.path || '(whole definition)'}</code>{' '}
              {d.kind === 'changed' && (
                <>
                  <code className="diff-before">{shortJson(d.before)}</code> → <code className="diff-after">{shortJson(d.after)}</code>
                </>
              )}
              {d.kind === 'added' && <code className="diff-after">{shortJson(d.after)}</code>}
              {d.kind === 'removed' && <code className="diff-before">{shortJson(d.before)}</code>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
