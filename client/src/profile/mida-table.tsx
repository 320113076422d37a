// The MIDA - Potential Employment table (seed 001 §2.4; docs/re-profile.md): an entity's staff
// counts by class, Malaysian / Foreign / Total, with Production & Operation Workers split into
// skilled and unskilled workers; empty values show as 0. Export PDF prints the MIDA report; Edit
// (StaffClass.update) opens the record, or creates one for the entity when there is none.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { hasPermission, useSession } from '../session/session-store';
import { Loading } from '../ui/loading';

/** [label, field class, sub-row]; null is the Production & Operation Workers heading. */
export const MIDA_ROWS: ([string, string, boolean] | null)[] = [
  ['Managerial & Professional', 'management', false],
  ['Technical & Supervisory', 'techsv', false],
  null,
  ['Skilled Workers', 'skilled', true],
  ['Unskilled Workers', 'unskilled', true],
  ['Clerical & General Workers', 'general', false],
];
const CLASSES = ['management', 'techsv', 'skilled', 'unskilled', 'general'];
const FIELDS = ['id', 're', ...CLASSES.flatMap((c) => [`my_${c}`, `fo_${c}`, `${c}_total`]), 'my_total', 'fo_total'];

const n = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0);

/** The MIDA report's address for a staff class record. */
export function midaPdfHref(id: number): string {
  return `/out/MIDA.pdf?action=report.print&report=MIDA&format=pdf&WHERE=${encodeURIComponent(`id=${id}`)}`;
}

export function MidaTable({ re, standalone = false }: { re: number; standalone?: boolean }) {
  const { user } = useSession();
  const [state, setState] = useState<{ status: 'pending' } | { status: 'ready'; row: Row | null }>({ status: 'pending' });

  useEffect(() => {
    let live = true;
    rpc
      .select({ module: 'StaffClass', fields: FIELDS, where: [['re', '=', re]], max: 1 })
      .then(({ rows }) => live && setState({ status: 'ready', row: rows[0] ?? null }))
      .catch((e) => {
        if (live) setState({ status: 'ready', row: null });
        void presentError(e);
      });
    return () => {
      live = false;
    };
  }, [re]);

  if (state.status === 'pending') return <Loading />;
  const row = state.row;
  const id = row ? Number(row.id) : null;
  const cell = (f: string) => n(row?.[f]);
  const my = CLASSES.reduce((s, c) => s + cell(`my_${c}`), 0);
  const fo = CLASSES.reduce((s, c) => s + cell(`fo_${c}`), 0);
  const edit = id === null ? `/iru/staffclass/create?re=${re}` : `/iru/staffclass/${id}/edit`;

  return (
    <section className="mida" data-mida data-record={id ?? ''}>
      {standalone ? <h1>MIDA - Potential Employment</h1> : <h2>MIDA - Potential Employment</h2>}
      <div className="toolbar">
        {id !== null && (
          <a className="btn" data-action="pdf" href={midaPdfHref(id)} target="_blank" rel="noopener noreferrer">
            Export PDF
          </a>
        )}
        {hasPermission(user, 'StaffClass.update') && (
          <Link className="btn btn-primary" data-action="edit" to={edit}>
            Edit
          </Link>
        )}
      </div>
      <table className="mida-table">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Malaysian</th>
            <th scope="col">Foreign</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {MIDA_ROWS.map((r) =>
            r === null ? (
              <tr key="production" data-row="production">
                <th scope="row">Production &amp; Operation Workers</th>
                <td />
                <td />
                <td />
              </tr>
            ) : (
              <tr key={r[1]} data-row={r[1]} className={r[2] ? 'sub' : undefined}>
                <th scope="row">{r[0]}</th>
                <td>{cell(`my_${r[1]}`)}</td>
                <td>{cell(`fo_${r[1]}`)}</td>
                <td>{cell(`my_${r[1]}`) + cell(`fo_${r[1]}`)}</td>
              </tr>
            ),
          )}
          <tr className="total" data-row="total">
            <th scope="row">Total</th>
            <td>{my}</td>
            <td>{fo}</td>
            <td>{my + fo}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
