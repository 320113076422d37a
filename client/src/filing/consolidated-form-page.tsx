// /re/consolidated/:id and /iru/consolidated/:id — the read-only consolidated view of a filed
// form (seed 001 §2.1): the template version it is filed on (Form.template) with its values
// (Form.getData: formulas and summaries computed on the server). A form out of the caller's
// reach or missing shows `Form not found.`.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormProperties } from '../../../engine/filing/template-schema.js';
import { PORTAL_NAME } from '../shells/footer';
import { rpc, RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { Loading } from '../ui/loading';
import { formModule, getData, templateOf, type Side } from './filing-api';
import { valuesOf, type CellValues, type DataRows } from './consolidated-layout';
import { ConsolidatedView } from './consolidated-view';
import { FORM_NOT_FOUND } from './consolidated-template-page';

interface Loaded {
  code: string;
  name: string;
  period: string;
  status: string;
  properties: FormProperties;
  values: CellValues;
  rows: DataRows;
}

type State = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; form: Loaded };

function useFiledForm(side: Side, id: number): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    if (!Number.isInteger(id) || id < 1) {
      setState({ status: 'missing' });
      return;
    }
    (async () => {
      const { rows } = await rpc.select({ module: formModule(side), fields: ['id', 'code', 'name', 'datedesc', 'state_name_ind_field'], where: [['id', '=', id]], max: 1 });
      const row = rows[0];
      if (!row) return live && setState({ status: 'missing' });
      const [properties, data] = await Promise.all([templateOf(id), getData(id)]);
      if (!live) return;
      setState({
        status: 'ready',
        form: {
          code: String(row.code ?? ''),
          name: String(row.name ?? ''),
          period: String(row.datedesc ?? ''),
          status: String(row.state_name_ind_field ?? ''),
          properties,
          values: valuesOf(data.cells),
          rows: data.info.rows ?? {},
        },
      });
    })().catch((e: unknown) => {
      if (!live) return;
      if (e instanceof RpcError && (e.code === 'E_NOTFOUND' || e.code === 'E_NOPERMISSION')) return setState({ status: 'missing' });
      void presentError(e);
      setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, [side, id]);
  return state;
}

export default function ConsolidatedFormPage({ side }: { side: Side }) {
  const { id } = useParams();
  const state = useFiledForm(side, Number(id));
  const heading = state.status === 'ready' ? `${state.form.code} - ${state.form.name}` : state.status === 'loading' ? 'Form' : FORM_NOT_FOUND.replace(/\.$/, '');
  useEffect(() => {
    document.title = `${heading} | ${PORTAL_NAME}`;
  }, [heading]);
  const shell = side === 'entity' ? '/re' : '/iru';

  if (state.status === 'loading') return <Loading />;
  if (state.status !== 'ready') {
    return (
      <section className="page" data-not-found>
        <h1>Form</h1>
        <p className="empty" role="alert">{state.status === 'error' ? state.message : FORM_NOT_FOUND}</p>
        <Link to={`${shell}/dashboard`} className="btn">Back to the dashboard</Link>
      </section>
    );
  }
  const f = state.form;
  return (
    <div className="page">
      <ConsolidatedView
        key={id}
        properties={f.properties}
        values={f.values}
        rows={f.rows}
        title={f.properties.title}
        description={[`${f.code} - ${f.name}`, f.period].filter(Boolean).join(', ')}
        status={f.status}
      />
    </div>
  );
}
