// /iru/formtemplate/view/:id — the consolidated view of a template's current version (seed 001
// §2.1), reached from the template list. A missing or non-numeric id shows `Form not found.`.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormProperties } from '../../../engine/filing/template-schema.js';
import { PORTAL_NAME } from '../shells/footer';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { Loading } from '../ui/loading';
import { ConsolidatedView } from './consolidated-view';

export const FORM_NOT_FOUND = 'Form not found.';

interface Loaded {
  code: string;
  name: string;
  version: number;
  status: string;
  properties: FormProperties;
}

type State = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; template: Loaded };

const parse = (v: unknown): FormProperties => (typeof v === 'string' ? JSON.parse(v) : v) as FormProperties;

function useTemplate(id: number): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    if (!Number.isInteger(id) || id < 1) {
      setState({ status: 'missing' });
      return;
    }
    rpc
      .select({ module: 'FormTemplate', fields: ['id', 'code', 'name', 'version', 'properties', 'state', 'state_name_ind_field'], where: [['id', '=', id]], max: 1 })
      .then(
        ({ rows }) => {
          if (!live) return;
          const row = rows[0];
          if (!row || !row.properties) return setState({ status: 'missing' });
          setState({
            status: 'ready',
            template: {
              code: String(row.code ?? ''),
              name: String(row.name ?? ''),
              version: Number(row.version ?? 0),
              status: String(row.state_name_ind_field ?? row.state ?? ''),
              properties: parse(row.properties),
            },
          });
        },
        (e: unknown) => {
          if (!live) return;
          void presentError(e);
          setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
        },
      );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}

export default function ConsolidatedTemplatePage() {
  const { id } = useParams();
  const state = useTemplate(Number(id));
  const heading = state.status === 'ready' ? `${state.template.code} - ${state.template.name}` : state.status === 'loading' ? 'Form' : FORM_NOT_FOUND.replace(/\.$/, '');
  useEffect(() => {
    document.title = `${heading} | ${PORTAL_NAME}`;
  }, [heading]);

  if (state.status === 'loading') return <Loading />;
  if (state.status !== 'ready') {
    return (
      <section className="page" data-not-found>
        <h1>Form</h1>
        <p className="empty" role="alert">{state.status === 'error' ? state.message : FORM_NOT_FOUND}</p>
        <Link to="/iru/formtemplate" className="btn">Back to Form Templates</Link>
      </section>
    );
  }
  const t = state.template;
  return (
    <div className="page">
      <p className="cv-back"><Link to="/iru/formtemplate">Form Templates</Link></p>
      <ConsolidatedView
        key={id}
        properties={t.properties}
        title={t.properties.title}
        description={`${t.code} - ${t.name}, version ${t.version}`}
        status={t.status}
      />
    </div>
  );
}
