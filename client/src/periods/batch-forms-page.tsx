// /{re|iru}/batch/:id: the forms of one submission batch (seed 002 "Submissions", seed 003 §2.1).
// The batch's heading, then the forms list of a batch (list 241) held to the batch, its rows opening
// /{shell}/form/{id}; Export to Excel and the validation report of the whole batch, and Back to
// the Submissions list. The entity reads its batch through REFormBatch, so another entity's batch
// is not found.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import ListPage from '../list/list-page';
import { ExcelExportButton } from '../filing/excel-export-button';
import { ValidationReportButtons } from '../filing/validation-report-button';
import { batchModule, type Side } from '../filing/filing-api';
import { STATE_NAMES } from '../filing/sign-off';
import { formatDate } from '../ui/date-format';
import { rpc, RpcError, type Row } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { Loading } from '../ui/loading';
import './periods.css';

export const BATCH_NOT_FOUND = 'Submission not found.';

type BatchState = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; batch: Row };

const FIELDS = ['id', 'name', 're_name_ind_field', 'endon', 'duedate', 'originalduedate', 'submittype', 'submittype_name_ind_field', 'duedateorg', 'state', 'state_name_ind_field'];

/** Seed 003 §3: the submit type of a submission reopened by an approved resubmission. */
const RESUBMISSION = 1100526;

function useBatch(side: Side, id: number): BatchState {
  const [state, setState] = useState<BatchState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    if (!Number.isInteger(id) || id <= 0) {
      setState({ status: 'missing' });
      return;
    }
    rpc.select({ module: batchModule(side), fields: FIELDS, where: [['id', '=', id]], max: 1 }).then(
      ({ rows }) => live && setState(rows[0] ? { status: 'ready', batch: rows[0] } : { status: 'missing' }),
      (e: unknown) => live && setState(e instanceof RpcError && (e.code === 'E_NOTFOUND' || e.code === 'E_NOPERMISSION') ? { status: 'missing' } : { status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [side, id]);
  return state;
}

export default function BatchFormsPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const batchId = Number(id);
  const side: Side = shell === 're' ? 'entity' : 'regulator';
  const b = useBatch(side, batchId);
  const fixedWhere = useMemo((): [string, string, unknown][] => [['formbatch', '=', batchId]], [batchId]);
  const name = b.status === 'ready' ? String(b.batch.name ?? '') : '';
  usePageTitle(b.status === 'missing' ? 'Submission not found' : b.status === 'ready' ? name : null);
  const back = (
    <Link to={`/${shell}/batches`} className="btn" data-action="back">Back</Link>
  );

  if (b.status === 'loading') return <Loading />;
  if (b.status !== 'ready') {
    return (
      <section className="page" data-not-found>
        <h1>Submission</h1>
        <p className="empty" role="alert">{b.status === 'missing' ? BATCH_NOT_FOUND : b.message}</p>
        {back}
      </section>
    );
  }
  const batch = b.batch;
  const stateName = String(batch.state_name_ind_field ?? '') || STATE_NAMES[Number(batch.state)] || `State ${String(batch.state)}`;
  const resubmission = Number(batch.submittype) === RESUBMISSION;
  return (
    <section className="page batch-forms-page" data-batch={batchId}>
      <header className="batch-head">
        <div>
          <h1>{name}</h1>
          <dl className="batch-facts">
            {shell === 'iru' && (
              <><dt>Reporting Entity</dt><dd data-fact="entity">{String(batch.re_name_ind_field ?? '')}</dd></>
            )}
            <dt>Period End</dt><dd data-fact="endon">{formatDate(String(batch.endon ?? ''))}</dd>
            <dt>Due Date</dt>
            <dd data-fact="duedate">
              {formatDate(String(batch.duedate ?? ''))}
              {/* An approved extension moved it (docs/resubmission-extension.md). */}
              {batch.originalduedate ? ` (extended; originally ${formatDate(String(batch.originalduedate))})` : null}
            </dd>
            {/* Reopened by an approved resubmission: due again on its date (docs/resubmission-extension.md). */}
            {resubmission && (
              <>
                <dt>Submission Type</dt><dd data-fact="submittype">{String(batch.submittype_name_ind_field ?? '') || 'Resubmission'}</dd>
                <dt>Original Due Date</dt><dd data-fact="duedateorg">{batch.duedateorg ? formatDate(String(batch.duedateorg)) : '-'}</dd>
              </>
            )}
            <dt>Status</dt><dd data-fact="state">{stateName}</dd>
          </dl>
        </div>
        <div className="toolbar">
          <ExcelExportButton target={{ formbatch_id: batchId }} />
          <ValidationReportButtons target={{ formbatch_id: batchId }} />
          {back}
        </div>
      </header>
      <ListPage listId={241} basePath={`/${shell}/batch/${batchId}`} shell={shell} fixedWhere={fixedWhere} embedded />
    </section>
  );
}
