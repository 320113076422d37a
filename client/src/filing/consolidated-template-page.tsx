// /iru/formtemplate/view/:id — the consolidated view of a template's current version (seed 001
// §2.1), reached from the template list. A missing or non-numeric id shows `Form not found.`.
import { Link, useParams } from 'react-router-dom';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { usePageTitle } from '../app/page-title';
import { rpc } from '../rpc/rpc';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { ConsolidatedView } from './consolidated-view';

export const FORM_NOT_FOUND = 'Form not found.';

interface Loaded {
  code: string;
  name: string;
  version: number;
  status: string;
  properties: FormProperties;
}

const parse = (v: unknown): FormProperties => (typeof v === 'string' ? JSON.parse(v) : v) as FormProperties;

async function loadTemplate(id: number | null): Promise<Loaded | null> {
  if (id === null) return null;
  const { rows } = await rpc.select({ module: 'FormTemplate', fields: ['id', 'code', 'name', 'version', 'properties', 'state', 'state_name_ind_field'], where: [['id', '=', id]], max: 1 });
  const row = rows[0];
  if (!row || !row.properties) return null;
  return {
    code: String(row.code ?? ''),
    name: String(row.name ?? ''),
    version: Number(row.version ?? 0),
    status: String(row.state_name_ind_field ?? row.state ?? ''),
    properties: parse(row.properties),
  };
}

export default function ConsolidatedTemplatePage() {
  const { id } = useParams();
  const templateId = recordIdOf(id);
  const state = useRecordLoad(() => loadTemplate(templateId), [templateId]);
  usePageTitle(state.status === 'ready' ? `${state.value.code} - ${state.value.name}` : null);
  return (
    <RecordLoadView state={state} what="Form" notFound={FORM_NOT_FOUND} back={{ to: '/iru/formtemplate', label: 'Back to Form Templates' }}>
      {(t) => (
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
      )}
    </RecordLoadView>
  );
}
