// /re/formhistory/:id (and /iru/formhistory/:id): every sign-off and review move of the form in
// words, with who sent it back and why (StateManagement.getHistory); every saved version of a
// form — who, when, in which state, how many cells changed — from Form.history, and for any two
// chosen versions the cells that changed between them (Form.diff), shown as the form shows them.
// A version that moved the form to another state says so in words (who, and why for a return);
// the page opens on the latest cell changes, never on a state move that changed no cell.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { findCell } from '../../../portal/filing/cell-codes.js';
import { columnIndex } from '../../../portal/filing/template-grid.js';
import { usePageTitle } from '../app/page-title';
import { presentError } from '../rpc/error-presenter';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { formatDate, formatDateTime } from '../ui/date-format';
import { shownValue } from './entry-model';
import * as api from './filing-api';
import { moveInWords, STATE_NAMES } from './sign-off';
import { FORM_NOT_FOUND } from './use-form-entry';
import './filing.css';

interface History {
  record: api.FormRecord;
  versions: api.Version[];
  moves: api.StateMove[];
  template: FormProperties | null;
}

async function loadHistory(side: api.Side, id: number | null): Promise<History | null> {
  if (id === null) return null;
  const record = await api.loadFormRecord(side, id);
  if (!record) return null;
  const versions = await api.history(id);
  const moves = await api.stateMoves(side, id);
  // The template only names the cells; the history stands without it.
  const template = await api.templateOf(id).catch(() => null);
  return { record, versions, moves, template };
}

/**
 * The sign-off move behind each version that changed the form's state, by version: the moves
 * (oldest first) are matched in order to the versions whose state differs from the one before.
 */
export function movesByVersion(versions: readonly api.Version[], moves: readonly api.StateMove[]): Map<number, api.StateMove> {
  const out = new Map<number, api.StateMove>();
  let next = 0;
  let state: number | null = null;
  for (const v of [...versions].sort((a, b) => a.version - b.version)) {
    if (state !== null && v.state !== state) {
      const i = moves.findIndex((m, k) => k >= next && m.to === v.state);
      if (i >= 0) {
        out.set(v.version, moves[i]);
        next = i + 1;
      }
    }
    state = v.state;
  }
  return out;
}

/**
 * The pair compared at first: the last two versions that changed cells (the first of them from
 * the empty form), so the page opens on what was last typed; the two latest when none did.
 */
export function defaultPair(versions: readonly api.Version[]): { from: number; to: number } | null {
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const changing = sorted.filter((v) => v.cells.length > 0);
  if (changing.length) return { from: changing[1]?.version ?? 0, to: changing[0].version };
  return sorted.length >= 2 ? { from: sorted[1].version, to: sorted[0].version } : null;
}

/** The template cell a changed address names (for its label and its value's format). */
function cellOf(template: FormProperties | null, c: api.CellChange) {
  if (!template) return undefined;
  if (c.code) return findCell(template, c.code)?.cell;
  const tab = template.items.find((t) => t.id === c.tab);
  const m = /^([A-Z]+)\d+$/.exec(c.address);
  // A row added on an add-new-rows tab: the pattern row's cell of that column.
  return tab && m && tab.type === 'add-new-rows' ? tab.items[0]?.[columnIndex(m[1])] : undefined;
}

export default function HistoryPage({ side }: { side: api.Side }) {
  const { id } = useParams();
  const formId = recordIdOf(id) ?? 0;
  const loaded = useRecordLoad(() => loadHistory(side, recordIdOf(id)), [side, id]);
  // A form out of the caller's reach is, to them, not found.
  const h = loaded.status === 'not-allowed' ? { status: 'missing' as const } : loaded.status === 'ready' ? { status: 'ready' as const, ...loaded.value } : loaded;
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  // The cells changed together with the pair of versions they were read for, so that the heading
  // never names a pair whose answer has not come yet.
  const [changes, setChanges] = useState<{ lo: number; hi: number; cells: api.CellChange[] } | null>(null);
  const shell = side === 'entity' ? '/re' : '/iru';
  const heading = h.status === 'ready' ? `History of ${h.record.code} - ${h.record.name}` : 'Form history';
  usePageTitle(h.status === 'ready' ? heading : null);

  useEffect(() => {
    const pair = h.status === 'ready' ? defaultPair(h.versions) : null;
    if (!pair) return;
    setTo(pair.to);
    setFrom(pair.from);
  }, [h.status]);
  const byVersion = useMemo(() => (h.status === 'ready' ? movesByVersion(h.versions, h.moves) : new Map<number, api.StateMove>()), [h.status]);

  useEffect(() => {
    if (from === null || to === null || from === to) return setChanges(null);
    let live = true;
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    api.diff(formId, lo, hi).then((cells) => live && setChanges({ lo, hi, cells }), (e) => void presentError(e));
    return () => {
      live = false;
    };
  }, [formId, from, to]);

  const template = h.status === 'ready' ? h.template : null;
  const rows = useMemo(() => (changes?.cells ?? []).map((c) => ({ c, cell: cellOf(template, c) })), [changes, template]);

  if (h.status !== 'ready') return <RecordLoadView state={h} what="Form" notFound={FORM_NOT_FOUND} back={{ to: `${shell}/dashboard`, label: 'Back to the dashboard' }}>{() => null}</RecordLoadView>;
  const tabTitle = (tabId: string) => template?.items.find((t) => t.id === tabId)?.title ?? tabId;
  return (
    <section className="page filing-history" data-form-history>
      <header className="designer-head">
        <h1>{heading}</h1>
        <div className="toolbar">
          <Link className="btn" to={`${shell}/form/${formId}`} data-action="open-form">Open the form</Link>
        </div>
      </header>
      {h.moves.length > 0 && (
        <section className="filing-moves" data-testid="sign-off-history">
          <h2>Sign-off</h2>
          <table>
            <thead><tr><th>Date</th><th>What happened</th></tr></thead>
            <tbody>
              {[...h.moves].reverse().map((m, i) => (
                <tr key={h.moves.length - i} data-to={m.to} title={formatDateTime(m.on)}>
                  <td>{formatDate(m.on)}</td>
                  <td>{moveInWords(m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {h.versions.length === 0 ? (
        <p className="empty">This form has no saved versions yet.</p>
      ) : (
        <table data-testid="versions">
          <caption className="muted">Choose two versions to see the cells that changed between them.</caption>
          <thead>
            <tr><th>From</th><th>To</th><th>Version</th><th>State</th><th>Saved by</th><th>Saved on</th><th>Cells changed</th><th>What happened</th></tr>
          </thead>
          <tbody>
            {[...h.versions].sort((a, b) => b.version - a.version).map((v) => (
              <tr key={v.version} data-version={v.version} className={v.version === from || v.version === to ? 'chosen' : ''}>
                <td><input type="radio" name="from" aria-label={`Compare from version ${v.version}`} checked={from === v.version} onChange={() => setFrom(v.version)} /></td>
                <td><input type="radio" name="to" aria-label={`Compare to version ${v.version}`} checked={to === v.version} onChange={() => setTo(v.version)} /></td>
                <td>{v.version}</td>
                <td>{STATE_NAMES[v.state] ?? v.state}</td>
                <td>{v.who}</td>
                <td>{formatDateTime(v.when)}</td>
                <td title={v.cells.join(', ')}>{v.cells.length}</td>
                <td data-testid="version-move">{byVersion.has(v.version) ? moveInWords(byVersion.get(v.version)!) : v.cells.length ? '' : 'No cell changed'}</td>
              </tr>
            ))}
            <tr data-version="0" className={from === 0 ? 'chosen' : ''}>
              <td><input type="radio" name="from" aria-label="Compare from the empty form" checked={from === 0} onChange={() => setFrom(0)} /></td>
              <td />
              <td>0</td>
              <td colSpan={5} className="muted">The empty form, before its first save</td>
            </tr>
          </tbody>
        </table>
      )}
      {changes && from !== null && to !== null && (
        <section className="filing-diff" data-testid="diff">
          <h2>Changes from version {changes.lo} to version {changes.hi}</h2>
          {rows.length === 0 ? (
            <p className="empty">No cell changed between these versions.</p>
          ) : (
            <table>
              <thead><tr><th>Tab</th><th>Cell</th><th>Item</th><th>Before</th><th>After</th></tr></thead>
              <tbody>
                {rows.map(({ c, cell }) => (
                  <tr key={`${c.tab}!${c.address}`} data-cell={`${c.tab}!${c.address}`}>
                    <td>{tabTitle(c.tab)}</td>
                    <td>{c.address}</td>
                    <td>{cell?.label_map ?? c.code ?? ''}</td>
                    <td className="before">{shownValue(cell, c.before)}</td>
                    <td className="after">{shownValue(cell, c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </section>
  );
}
