// Create New Request (/re/requestvalue/create, seed 003 §2.5): form batch, form, list group
// (prefilled and locked from ?dropdown=; ?batch, ?form and ?listgroup prefill too), the requested
// value and a description. The server checks the same required fields and stamps the entity, the
// requester and the state New (docs/requests.md).
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { RequiredInput, RequiredSelect, RequiredTextArea, type Choice } from '../ui/labelled-fields';
import { RequiredSearchSelect } from '../ui/module-search-select';
import '../threads/threads.css';
import { SaveBackToolbar, useCreateSave } from '../ui/create-page-save';

const LIST_GROUPS = { module: 'ListGroup', value: 'id', label: 'name' } as const;

const choices = (rows: Record<string, unknown>[]): Choice[] => rows.map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }));

export default function DropdownRequestCreatePage() {
  const [params] = useSearchParams();
  const locked = params.get('dropdown');
  const [batches, setBatches] = useState<Choice[]>([]);
  const [forms, setForms] = useState<Choice[]>([]);
  const [batch, setBatch] = useState(params.get('batch') ?? '');
  const [form, setForm] = useState(params.get('form') ?? '');
  const [listgroup, setListgroup] = useState(locked ?? params.get('listgroup') ?? '');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const { invalid, busy, submit } = useCreateSave([batch, form, listgroup, value, description]);

  useEffect(() => {
    rpc
      .select({ module: 'REFormBatch', fields: ['id', 'name'], order: 'createon desc', max: 500 })
      .then((b) => setBatches(choices(b.rows)))
      .catch((e) => void presentError(e));
  }, []);

  useEffect(() => {
    if (!batch) {
      setForms([]);
      return;
    }
    rpc
      .select({ module: 'REForm', fields: ['id', 'name'], where: [['formbatch', '=', Number(batch)]], order: 'name asc', max: 500 })
      .then(({ rows }) => setForms(choices(rows)))
      .catch((e) => void presentError(e));
  }, [batch]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const missing = new Set<string>();
    if (!batch) missing.add('formbatch');
    if (!form) missing.add('formid');
    if (!listgroup) missing.add('dropdown');
    if (!value.trim()) missing.add('value');
    if (!description.trim()) missing.add('description');
    await submit(missing, async () => {
      await rpc.create({ module: 'RE-SMSDropdown', fields: ['formid', 'dropdown', 'value', 'description'], values: [Number(form), Number(listgroup), value.trim(), description], read: ['id'] });
      return '/re/requestvalue/';
    });
  }

  return (
    <section className="page">
      <h1>Create New Request</h1>
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <RequiredSelect
          label="Form Batch"
          name="formbatch"
          value={batch}
          invalid={invalid}
          choices={batches}
          onChange={(b) => {
            setBatch(b);
            setForm('');
          }}
        />
        <RequiredSelect label="Form" name="formid" value={form} invalid={invalid} choices={forms} onChange={setForm} />
        {/* The list groups run to thousands on a live portal: searched 30 at a time as on the generated forms. */}
        <RequiredSearchSelect label="Dropdown" name="dropdown" source={LIST_GROUPS} value={listgroup} invalid={invalid} disabled={locked !== null} onChange={(v) => setListgroup(v)} />
        <RequiredInput label="Value" name="value" value={value} invalid={invalid} maxLength={255} onChange={setValue} />
        <RequiredTextArea label="Description" name="description" value={description} invalid={invalid} rows={5} onChange={setDescription} />
        <SaveBackToolbar busy={busy} back={'/re/requestvalue/'} />
      </form>
    </section>
  );
}
