// Create Excel Import (/{re|iru}/excelimport/create, seed 003 §2.4, §5): Title, Form Type,
// "Replace the whole form" (unticked: only the cells a workbook changes are written; ticked: what
// it leaves empty is cleared too; docs/excel.md), a disabled Description (the job writes it),
// File Upload (.xls/.xlsx, several, 10 MB each). Save
// creates the import (Not Started), uploads the workbooks as its attachments, queues
// Job.ImportFromExcel and opens the import's page, which follows the job. Regulator staff also
// choose the Reporting Entity whose forms the workbooks fill (docs/excel.md); an entity user's
// import is for their current entity. The regulator's Import Allow rules that refuse the entity's
// templates today are told before anything is uploaded (import-allowance.ts); when they refuse
// every template, Save says so instead of creating the import.
import { useRef, useState, type FormEvent } from 'react';
import { rpc } from '../rpc/rpc';
import { uploadAll } from '../threads/attachments';
import { dialogs } from '../ui/dialogs';
import { RequiredInput, RequiredSelect } from '../ui/labelled-fields';
import { RequiredSearchSelect } from '../ui/module-search-select';
import { SaveBackToolbar, useCreateSave } from '../ui/create-page-save';
import { sessionStore, useSession } from '../session/session-store';
import { useChoices } from '../ui/use-choices';
import { allowedImportTypes } from './import-types';
import { useImportAllowance } from './import-allowance';
import './import-allowance.css';
import '../threads/threads.css';

const MAX_BYTES = 10 * 1024 * 1024;
const ENTITIES = { module: 'RE', value: 'id', label: 'name' } as const;
const EXCEL = /\.(xls|xlsx)$/i;

export default function ExcelImportCreatePage({ shell }: { shell: 're' | 'iru' }) {
  const { user } = useSession();
  // The server decides which Form Types the caller may import (roles, position, the entity's sector).
  const types = useChoices(() => (user ? allowedImportTypes() : null), [user?.id, sessionStore.currentRe()]);
  const [name, setName] = useState('');
  // What the user picked; a single Form Type offered is taken without a pick (and is no change to leave).
  const [picked, setImporttype] = useState('');
  const importtype = types.some((t) => t.value === picked) ? picked : types.length === 1 ? types[0].value : '';
  const [files, setFiles] = useState<File[]>([]);
  // Off: only the cells a workbook changes are written. On: every input cell it leaves empty is cleared.
  const [replaceall, setReplaceall] = useState(false);
  const [entity, setEntity] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { invalid, busy, submit } = useCreateSave([name, picked, entity, files.map((f) => f.name), replaceall]);
  const staff = shell === 'iru';
  const module = staff ? 'ExcelImport' : 'RE-ExcelImport';
  const allowance = useImportAllowance(staff, entity, sessionStore.currentRe());

  async function pick(list: FileList | null) {
    const chosen = [...(list ?? [])];
    const wrong = chosen.find((f) => !EXCEL.test(f.name));
    const big = chosen.find((f) => f.size > MAX_BYTES);
    if (wrong || big) {
      if (input.current) input.current.value = '';
      setFiles([]);
      await dialogs.alert('Error', wrong ? 'Please upload at least one excel files.' : `${big!.name} is larger than 10 MB.`, 'error');
      return;
    }
    setFiles(chosen);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (allowance?.none) {
      await dialogs.alert('Error', allowance.none, 'error');
      return;
    }
    const missing = new Set<string>();
    if (!name.trim()) missing.add('name');
    if (!importtype) missing.add('importtype');
    if (staff && !entity) missing.add('reportingentity');
    if (!missing.size && !files.length) {
      await dialogs.alert('Error', 'Please upload at least one excel files.', 'error');
      return;
    }
    await submit(missing, async () => {
      const re = staff ? Number(entity) : sessionStore.currentRe();
      const created = await rpc.create({ module, fields: ['name', 'importtype', 'replaceall', ...(re !== null ? ['reportingentity'] : [])], values: [name.trim(), Number(importtype), replaceall, ...(re !== null ? [re] : [])], read: ['id'] });
      const id = Number(created.id);
      await uploadAll('ExcelImport_Reference', 'fk_excelimport', id, files);
      await rpc.text('Job.ImportFromExcel.submit', { excelimport_id: id });
      return `/${shell}/excelimport/${id}`;
    });
  }

  return (
    <section className="page">
      <h1>Create Excel Import</h1>
      {allowance?.none && (
        <p className="notice import-allowance" role="alert" data-testid="import-allowance">
          {allowance.none}
        </p>
      )}
      {allowance && !allowance.none && allowance.refused.length > 0 && (
        <div className="notice import-allowance" role="status" data-testid="import-allowance">
          <p>Workbooks of these forms will be refused:</p>
          <ul>
            {allowance.refused.map((r) => (
              <li key={r.template}>{r.message}</li>
            ))}
          </ul>
        </div>
      )}
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <RequiredInput label="Title" name="name" value={name} invalid={invalid} maxLength={255} onChange={setName} />
        {/* The regulator's entities run to thousands: searched 30 at a time as on the generated forms. */}
        {staff && <RequiredSearchSelect label="Reporting Entity" name="reportingentity" source={ENTITIES} value={entity} invalid={invalid} onChange={(v) => setEntity(v)} />}
        <RequiredSelect label="Form Type" name="importtype" value={importtype} invalid={invalid} choices={types} onChange={setImporttype} />
        <label>
          <span>Description</span>
          <textarea name="description" rows={3} disabled value="" />
        </label>
        <label>
          <span>Replace the whole form</span>
          <span>
            <input type="checkbox" name="replaceall" checked={replaceall} onChange={(e) => setReplaceall(e.target.checked)} />{' '}
            Clear every value the workbook leaves empty, and keep only its lines. Unticked, only the cells the workbook changes are written.
          </span>
        </label>
        <label>
          <span>File Upload *</span>
          <input ref={input} type="file" name="file" multiple accept=".xls,.xlsx" onChange={(e) => void pick(e.target.files)} />
        </label>
        <SaveBackToolbar busy={busy} back={`/${shell}/excelimport/`} />
      </form>
    </section>
  );
}
