// Create New Query (/iru/query/create, seed 002 §2, §5): reporting entity, then one of its
// submissions, one of that submission's forms and one of the form's tabs (its properties'
// items), the data item, subject, description and the Confidential switch. Every field is
// required here and on the server (Query's metadata); the query starts as New.
//
// What is offered is what the server lets the caller read (the row rules, docs/row-rules.md
// "Creating"): the entities are the caller's RE rows (a relationship manager's sector 1 banks,
// the App I/II officer's App I/II entities), searched 30 at a time as on the generated forms, the
// Sector list the sectors holding at least one of them (sector 1 only for roles 35/37), the submissions and forms the caller's FormBatch and Form rows. A query outside
// the caller's Query rows is refused by the server with a message saying what to choose.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { ChoiceSelect, RequiredInput, RequiredSelect, RequiredTextArea, type Choice } from '../ui/labelled-fields';
import './threads.css';
import { SaveBackToolbar, useCreateSave } from '../ui/create-page-save';
import { useChoices } from '../ui/use-choices';
import { RequiredSearchSelect } from '../ui/module-search-select';
import type { ModuleSource } from '../form/choice-source';

/** A form's tabs: the items of its properties (`{id, title}`). */
function tabsOf(row: Row | undefined): Choice[] {
  try {
    const props = typeof row?.properties === 'string' ? JSON.parse(row.properties) : row?.properties;
    const items = (props?.items ?? []) as { id?: unknown; title?: unknown; display_name?: unknown }[];
    return items.map((i) => ({ value: String(i.title ?? i.id), label: String(i.display_name ? `${String(i.title)} ${String(i.display_name)}` : i.title ?? i.id) }));
  } catch {
    return [];
  }
}

/**
 * The sectors of the entities the caller may query, by name (one sector for a relationship
 * manager): of the Sector list (a few entries by definition), those in which the caller reads at
 * least one entity, counted on the server without reading the entities themselves.
 */
async function sectorsOfCaller(): Promise<Choice[]> {
  const { rows } = await rpc.select({ module: 'Sector', fields: ['id', 'name'], order: 'name asc', max: 1000 });
  const held = await Promise.all(rows.map(async (r) => (await rpc.select({ module: 'RE', fields: ['id'], where: [['sector', '=', Number(r.id)]], max: 1 })).total > 0));
  return rows.filter((_, i) => held[i]).map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }));
}

/** Fields a link may pre-fill (a cell's "Raise query" in the form grid: docs/client.md "Filing screens"). */
const PREFILLED = ['re', 'formbatch', 'form', 'formtab', 'dataitem'] as const;

export default function QueryCreatePage() {
  const [search] = useSearchParams();
  const [v, setV] = useState(() => ({
    re: '', formbatch: '', form: '', formtab: '', dataitem: '', name: '', description: '',
    ...Object.fromEntries(PREFILLED.filter((k) => search.get(k)).map((k) => [k, search.get(k)!])),
  }));
  const [confidential, setConfidential] = useState(false);
  const { invalid, busy, submit } = useCreateSave([v, confidential]);
  const set = (k: keyof typeof v, value: string) => setV((old) => ({ ...old, [k]: value }));

  const sectors = useChoices(() => sectorsOfCaller(), []);
  const [sector, setSector] = useState('');
  // The caller's entities (thousands for the regulator), of the chosen sector, searched 30 at a time.
  const entities = useMemo(() => ({ module: 'RE', value: 'id', label: 'name', ...(sector ? { where: [['sector', '=', Number(sector)]] } : {}) }), [sector]);
  const batches = useChoices(
    () => (v.re ? rpc.select({ module: 'FormBatch', fields: ['id', 'name'], where: [['re', '=', Number(v.re)]], order: 'duedate desc', max: 200 }).then(({ rows }) => rows.map((r) => ({ value: String(r.id), label: String(r.name) }))) : null),
    [v.re],
  );
  const [forms, setForms] = useState<Row[]>([]);
  useEffect(() => {
    if (!v.formbatch) return setForms([]);
    rpc
      .select({ module: 'Form', fields: ['id', 'code', 'name', 'properties'], where: [['formbatch', '=', Number(v.formbatch)]], order: 'code asc', max: 200 })
      .then(({ rows }) => setForms(rows))
      .catch((e) => void presentError(e));
  }, [v.formbatch]);
  const tabs = tabsOf(forms.find((f) => String(f.id) === v.form));

  async function save(e: FormEvent) {
    e.preventDefault();
    const missing = new Set(Object.entries(v).filter(([, x]) => !x.trim()).map(([k]) => k));
    await submit(missing, async () => {
      const created = await rpc.create({
        module: 'Query',
        fields: ['re', 'formbatch', 'form', 'formtab', 'dataitem', 'name', 'description', 'confidential'],
        values: [Number(v.re), Number(v.formbatch), Number(v.form), v.formtab, v.dataitem, v.name, v.description, confidential ? 1 : 0],
        read: ['id'],
      });
      return `/iru/query/${String(created.id)}`;
    });
  }

  const select = (k: 're' | 'formbatch' | 'form' | 'formtab', label: string, choices: Choice[], after?: Partial<typeof v>) => (
    <RequiredSelect label={label} name={k} value={v[k]} invalid={invalid} choices={choices} onChange={(value) => setV((old) => ({ ...old, ...after, [k]: value }))} />
  );
  return (
    <section className="page">
      <h1>Create New Query</h1>
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <ChoiceSelect
          label="Sector"
          name="sector"
          value={sector}
          choices={sectors}
          none="All sectors"
          onChange={(value) => {
            setSector(value);
            // An entity chosen outside the new sector is dropped, with what depended on it.
            const re = v.re;
            if (!value || !re) return;
            rpc
              .select({ module: 'RE', fields: ['id'], where: [['id', '=', Number(re)], ['sector', '=', Number(value)]], max: 1 })
              .then(({ rows }) => !rows.length && setV((old) => (old.re === re ? { ...old, re: '', formbatch: '', form: '', formtab: '' } : old)))
              .catch((e) => void presentError(e));
          }}
        />
        <RequiredSearchSelect
          label="Reporting Entity"
          name="re"
          source={entities as ModuleSource}
          value={v.re}
          invalid={invalid}
          onChange={(value) => setV((old) => ({ ...old, formbatch: '', form: '', formtab: '', re: value }))}
        />
        {select('formbatch', 'Submission', batches, { form: '', formtab: '' })}
        {select('form', 'Form', forms.map((f) => ({ value: String(f.id), label: `${String(f.code)} ${String(f.name)}` })), { formtab: '' })}
        {select('formtab', 'Form Tab', tabs)}
        <RequiredInput label="Data Item" name="dataitem" value={v.dataitem} invalid={invalid} maxLength={255} onChange={(x) => set('dataitem', x)} />
        <RequiredInput label="Subject" name="name" value={v.name} invalid={invalid} maxLength={255} onChange={(x) => set('name', x)} />
        <RequiredTextArea label="Description" name="description" value={v.description} invalid={invalid} rows={6} onChange={(x) => set('description', x)} />
        <label className="thread-switch">
          <input type="checkbox" name="confidential" checked={confidential} onChange={(e) => setConfidential(e.target.checked)} /> Confidential
        </label>
        <SaveBackToolbar busy={busy} back={'/iru/query'} />
      </form>
    </section>
  );
}
