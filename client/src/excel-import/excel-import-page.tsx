// An Excel import (/{re|iru}/excelimport/{id}, seed 003 §2.4): title, created by, created on,
// status, the error description and the workbooks. While the import is Not Started or In
// Progress the page reads it again every 3 seconds (seed 001 §9), so the job's outcome shows
// without a reload; a failed import offers the copy of each workbook with bad cells, marked (a .zip of them when
// several workbooks had problems).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { presentError } from '../rpc/error-presenter';
import { attachmentsOf, type Attachment } from '../threads/attachments';
import { importTypeLabel } from './import-types';
import '../threads/threads.css';
import { formatDateTime } from '../ui/date-format';

const POLL_MS = 3000;
const STATE_NAMES: Record<number, string> = { 50: 'Not Started', 38: 'In Progress', 71: 'Completed', 2: 'Failed' };
const RUNNING = new Set([50, 38]);
const FIELDS = ['id', 'name', 'state', 'importtype', 'replaceall', 'description', 'createon', 'job', 'owner_name_ind_field', 'reportingentity_name_ind_field'];

export default function ExcelImportPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const module = shell === 're' ? 'RE-ExcelImport' : 'ExcelImport';
  const [files, setFiles] = useState<Attachment[]>([]);
  const [download, setDownload] = useState<string | null>(null);
  const importId = recordIdOf(id);

  const loaded = useRecordLoad(async () => {
    if (importId === null) return null;
    const { rows } = await rpc.select({ module, fields: FIELDS, where: [['id', '=', importId]] });
    const row = rows[0] ?? null;
    if (row && !RUNNING.has(Number(row.state)) && row.job) {
      // The marked copy belongs to whoever ran the import: others simply get no link.
      const status = await rpc.json<{ result: string | null }>('Job.ImportFromExcel.status', { id: Number(row.job) }).catch(() => null);
      const parsed = status?.result ? (JSON.parse(status.result) as { download?: string | null }) : null;
      setDownload(parsed?.download ?? null);
    }
    return row;
  }, [module, importId]);
  const { reload } = loaded;

  useEffect(() => {
    if (importId === null) return;
    attachmentsOf('ExcelImport_Reference', 'fk_excelimport', [importId]).then(setFiles).catch((e) => void presentError(e));
  }, [importId]);

  const record = loaded.status === 'ready' ? loaded.value : null;
  const state = record ? Number(record.state) : null;
  useEffect(() => {
    if (state === null || !RUNNING.has(state)) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [state, reload]);
  usePageTitle(record ? `${String(record.name ?? '')} - Excel Import` : null);

  if (!record) return <RecordLoadView state={loaded} what="Excel Import" back={{ to: `/${shell}/excelimport`, label: 'Back to Excel Import' }}>{() => null}</RecordLoadView>;
  const row = (label: string, v: unknown) => (
    <tr>
      <th>{label}</th>
      <td>{v === null || v === undefined || v === '' ? '-' : String(v)}</td>
    </tr>
  );
  return (
    <section className="page">
      <h1>Excel Import</h1>
      <table className="details" data-testid="excel-import">
        <tbody>
          {row('Title', record.name)}
          {row('Form Type', importTypeLabel(record.importtype))}
          {row('Replace the whole form', record.replaceall === true || Number(record.replaceall) === 1 ? 'Yes: values the workbooks leave empty were cleared' : 'No: only the cells the workbooks change are written')}
          {row('Created By', record.owner_name_ind_field)}
          {row('Created On', formatDateTime(record.createon))}
          <tr>
            <th>Status</th>
            <td data-testid="import-state">{STATE_NAMES[state!] ?? String(state)}</td>
          </tr>
          <tr>
            <th>Description</th>
            <td>
              <pre data-testid="import-description" className="import-description">{String(record.description ?? '')}</pre>
            </td>
          </tr>
          <tr>
            <th>Attachments</th>
            <td>
              {files.map((f) => (
                <div key={f.id}>
                  <a href={f.url}>{f.name}</a>
                </div>
              ))}
              {download ? (
                <div>
                  <a href={download} data-testid="marked-copy">
                    {download.endsWith('.zip') ? 'Workbooks with the bad cells marked (one copy each, .zip)' : 'Workbook with the bad cells marked'}
                  </a>
                </div>
              ) : null}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => navigate(`/${shell}/excelimport/`)}>
          Back
        </button>
      </div>
    </section>
  );
}
