// The query lists (seed 002 §2): the generic list of WebList 212 for RE users; for IRU WebList 211
// with row checkboxes and the bulk status (Open or Close, Query.updateMultipleStatus: all or
// nothing, each query with the updatectr its row was read with).
import { useState } from 'react';
import ListPage from '../list/list-page';
import { rpc, RpcError, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, useSession } from '../session/session-store';
import './threads.css';

const BULK: [number, string][] = [
  [13, 'Open'],
  [8, 'Close'],
];

function BulkStatus({ rows, refresh }: { rows: Row[]; refresh: () => void }) {
  const [state, setState] = useState('');
  const [busy, setBusy] = useState(false);
  async function change() {
    if (!state) return dialogs.alert('Error', 'Please select a status', 'error');
    if (!rows.length) return dialogs.alert('Error', 'Please select at least one query', 'error');
    setBusy(true);
    try {
      await rpc.call('Query.updateMultipleStatus', { data: rows.map((r) => ({ id: Number(r.id), updatectr: Number(r.updatectr), state: Number(state) })) });
      await dialogs.alert('', 'Success: Bulk status updated successfully.', 'success');
    } catch (e) {
      await presentError(e);
      if (!(e instanceof RpcError)) return;
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return (
    <div className="toolbar thread-bulk" data-bulk-status>
      <select name="bulkstate" value={state} onChange={(e) => setState(e.target.value)} aria-label="Bulk status">
        <option value="">Status</option>
        {BULK.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <button type="button" className="btn" disabled={busy} onClick={() => void change()}>
        Change
      </button>
      <span className="muted">{rows.length} selected</span>
    </div>
  );
}

export default function QueryListPage({ shell }: { shell: 're' | 'iru' }) {
  const { user } = useSession();
  if (shell === 're') return <ListPage key="re-query" listId={212} basePath="/re/query" shell="re" />;
  const bulk = hasPermission(user, 'Query.update');
  return <ListPage key="iru-query" listId={211} basePath="/iru/query" shell="iru" selection={bulk ? (rows, refresh) => <BulkStatus rows={rows} refresh={refresh} /> : undefined} />;
}
