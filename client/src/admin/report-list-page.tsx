// /reportlist (seed 000 §2.11, Report List): every report the portal prints, with its module and
// title, a way to print one record of it (GET /out/{name}.pdf, as a form's PDF button does) and a
// link to its designer. `?report=NAME` shows that report only (the designer's "Print a record").
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { useLoad } from './editor-sources';
import { Loading } from '../ui/loading';
import './report-designer.css';

interface ReportRow {
  id: number;
  name: string;
  module: string;
  title: string;
}

async function loadReports(): Promise<ReportRow[]> {
  const { rows } = await rpc.select({ module: 'WebReport', fields: ['id', 'name', 'module', 'title'], order: 'name asc', max: 1000 });
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? ''), module: String(r.module ?? ''), title: String(r.title ?? '') }));
}

export function printAddress(name: string, recordId: number): string {
  return `/out/${encodeURIComponent(name)}.pdf?action=report.print&report=${encodeURIComponent(name)}&format=pdf&WHERE=${encodeURIComponent(`id=${recordId}`)}`;
}

function PrintCell({ report }: { report: ReportRow }) {
  const [id, setId] = useState('');
  const n = Number(id);
  const ok = Number.isInteger(n) && n > 0;
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) window.open(printAddress(report.name, n), '_blank', 'noopener');
      }}
    >
      <input type="number" min={1} placeholder="Record id" aria-label={`Record id of ${report.name}`} data-testid={`print-id-${report.name}`} value={id} onChange={(e) => setId(e.target.value)} />
      <button type="submit" className="btn btn-small" disabled={!ok} data-testid={`print-${report.name}`}>
        Print PDF
      </button>
    </form>
  );
}

export default function ReportListPage() {
  const [params] = useSearchParams();
  const only = params.get('report');
  const reports = useLoad(loadReports, 'reports');
  if (reports.status === 'loading') return <Loading />;
  if (reports.status === 'error') {
    return (
      <section className="page">
        <h1>Report List</h1>
        <p role="alert">{reports.message}</p>
      </section>
    );
  }
  const shown = only ? reports.value.filter((r) => r.name === only) : reports.value;
  return (
    <section className="page report-list" data-testid="report-list">
      <div className="editor-head">
        <h1>Report List</h1>
        <Link to="/modulereport" className="btn btn-primary">
          New report
        </Link>
      </div>
      {only && (
        <p>
          Showing {only} only. <Link to="/reportlist">Show every report</Link>
        </p>
      )}
      {shown.length === 0 ? (
        <p className="empty">No reports.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Title</th>
              <th scope="col">Module</th>
              <th scope="col">Print one record</th>
              <th scope="col">Design</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} data-testid={`report-${r.name}`}>
                <td>{r.name}</td>
                <td>{r.title}</td>
                <td>{r.module}</td>
                <td>
                  <PrintCell report={r} />
                </td>
                <td>
                  <Link to={`/modulereport/${r.id}`}>Edit</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
