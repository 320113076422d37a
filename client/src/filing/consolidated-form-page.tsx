// /re/consolidated/:id and /iru/consolidated/:id — the read-only consolidated view of a filed
// form (seed 001 §2.1): the template version it is filed on (Form.template) with its values
// (Form.getData: formulas and summaries computed on the server). A form out of the caller's
// reach or missing shows `Form not found.`.
import { useParams } from 'react-router-dom';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { usePageTitle } from '../app/page-title';
import { rpc } from '../rpc/rpc';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
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

async function loadFiledForm(side: Side, id: number | null): Promise<Loaded | null> {
  if (id === null) return null;
  const { rows } = await rpc.select({ module: formModule(side), fields: ['id', 'code', 'name', 'datedesc', 'state_name_ind_field'], where: [['id', '=', id]], max: 1 });
  const row = rows[0];
  if (!row) return null;
  const [properties, data] = await Promise.all([templateOf(id), getData(id)]);
  return {
    code: String(row.code ?? ''),
    name: String(row.name ?? ''),
    period: String(row.datedesc ?? ''),
    status: String(row.state_name_ind_field ?? ''),
    properties,
    values: valuesOf(data.cells),
    rows: data.info.rows ?? {},
  };
}

export default function ConsolidatedFormPage({ side }: { side: Side }) {
  const { id } = useParams();
  const formId = recordIdOf(id);
  const state = useRecordLoad(() => loadFiledForm(side, formId), [side, formId]);
  usePageTitle(state.status === 'ready' ? `${state.value.code} - ${state.value.name}` : null);
  const shell = side === 'entity' ? '/re' : '/iru';
  // A form out of the caller's reach is, to them, not found.
  const shown = state.status === 'not-allowed' ? { status: 'missing' as const } : state;
  return (
    <RecordLoadView state={shown} what="Form" notFound={FORM_NOT_FOUND} back={{ to: `${shell}/dashboard`, label: 'Back to the dashboard' }}>
      {(f) => (
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
      )}
    </RecordLoadView>
  );
}
