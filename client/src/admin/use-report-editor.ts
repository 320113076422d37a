// The controller of the report designer (/modulereport/{id?}): loads a WebReport record (or starts
// a blank report), keeps one draft (name, module, title, template, field list, paper), checks it
// as the server will (the same template check, engine/reports/template-check.ts, so a problem is
// named by its line while typing), and saves it with Record.create / Record.update
// (compare-and-set on updatectr: E_CONCURRENT offers a reload). Leaving with unsaved changes asks.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { templateProblems } from '../../../engine/reports/template-check.js';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { rpc, RpcError } from '../rpc/rpc';
import { useLeaveGuard } from '../ui/leave-guard';

export const REPORT_BASE = '/modulereport';
/** The print values every report has (engine/reports/report-definition.ts). */
export const PRINT_VALUES = ['$title', '$printedAt', '$printedBy'];

export interface ReportDraft {
  name: string;
  module: string;
  title: string;
  template: string;
  fields: string[];
  paper: 'A4' | 'Letter';
  landscape: boolean;
  /** Print values computed by code (kept as stored; not edited here). */
  values?: string;
  /** A list report's order ("field asc, …"; empty: the module's list order) and most records per print (empty: 1000). */
  order: string;
  maxRows: string;
}

/** The repeating section of a list report (engine/reports/template.ts). */
export const LIST_SECTION = '{{#rows}}\n{{/rows}}';
/** The `$` values of a list report: the number of records, and within the section each one's number. */
export const LIST_VALUES = ['$count', '$rowNumber'];
/** Whether a template repeats a section per record (a list report). */
export const isListTemplate = (template: string) => /\{\{\s*[#^]\s*rows\s*\}\}/.test(template);

export const BLANK_TEMPLATE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{ $title }}</title>
<style>
  body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; }
  h1 { font-size: 16pt; color: #1c4e80; }
</style>
</head>
<body>
<h1>{{ $title }}</h1>

<footer>Printed {{ $printedAt }} (UTC) by {{ $printedBy }}</footer>
</body>
</html>
`;

const blank = (): ReportDraft => ({ name: '', module: '', title: '', template: BLANK_TEMPLATE, fields: [], paper: 'A4', landscape: false, order: '', maxRows: '' });

/** The properties column of a draft, as the server stores it. */
export function propertiesOf(d: ReportDraft): Record<string, unknown> {
  const maxRows = d.maxRows.trim() === '' ? undefined : Number(d.maxRows);
  return {
    fields: d.fields,
    paper: d.paper,
    ...(d.landscape ? { landscape: true } : {}),
    ...(d.values ? { values: d.values } : {}),
    ...(d.order.trim() ? { order: d.order.trim() } : {}),
    ...(maxRows !== undefined ? { maxRows } : {}),
  };
}

function draftOf(row: Record<string, unknown>): ReportDraft {
  const raw = row.properties;
  let p: Record<string, unknown> = {};
  try {
    p = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, unknown>;
  } catch {
    p = {};
  }
  return {
    name: String(row.name ?? ''),
    module: String(row.module ?? ''),
    title: String(row.title ?? ''),
    template: String(row.template ?? ''),
    fields: Array.isArray(p.fields) ? p.fields.map(String) : [],
    paper: p.paper === 'Letter' ? 'Letter' : 'A4',
    landscape: p.landscape === true,
    ...(typeof p.values === 'string' ? { values: p.values } : {}),
    order: typeof p.order === 'string' ? p.order : '',
    maxRows: typeof p.maxRows === 'number' ? String(p.maxRows) : '',
  };
}

export type Problems = Partial<Record<'name' | 'module' | 'title' | 'template' | 'properties', string>>;

export interface ReportEditor {
  status: 'loading' | 'missing' | 'error' | 'ready';
  loadError: string | null;
  id: number | null;
  updatectr: number;
  draft: ReportDraft;
  edit(change: Partial<ReportDraft>): void;
  /** What the client sees wrong with the draft now (the template's problems by line). */
  problems: Problems;
  /** Save's refusal by the server, by column. */
  saveProblems: Problems | null;
  saving: boolean;
  conflict: boolean;
  savedNotice: string | null;
  dirty: boolean;
  save(): Promise<void>;
  reload(): void;
  dismissConflict(): void;
}

export function useReportEditor(id: number | null): ReportEditor {
  const navigate = useNavigate();
  const [status, setStatus] = useState<ReportEditor['status']>(id === null ? 'ready' : 'loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [updatectr, setUpdatectr] = useState(0);
  const [draft, setDraft] = useState<ReportDraft>(blank);
  const [stored, setStored] = useState(() => JSON.stringify(blank()));
  const [saving, setSaving] = useState(false);
  const [saveProblems, setSaveProblems] = useState<Problems | null>(null);
  const [conflict, setConflict] = useState(false);
  const [savedNotice, setSavedNotice] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const dirty = status === 'ready' && JSON.stringify(draft) !== stored;
  const { allowNext } = useLeaveGuard(dirty);

  useEffect(() => {
    if (id === null) {
      const fresh = blank();
      setDraft(fresh);
      setStored(JSON.stringify(fresh));
      setStatus('ready');
      return;
    }
    let live = true;
    rpc
      .select({ module: 'WebReport', fields: ['id', 'updatectr', 'name', 'module', 'title', 'template', 'properties'], where: [['id', '=', id]], max: 1 })
      .then(({ rows }) => {
        if (!live) return;
        if (!rows[0]) {
          setStatus('missing');
          return;
        }
        const loaded = draftOf(rows[0]);
        setDraft(loaded);
        setStored(JSON.stringify(loaded));
        setUpdatectr(Number(rows[0].updatectr));
        setConflict(false);
        setSaveProblems(null);
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (!live) return;
        setLoadError(e instanceof RpcError ? `${e.code}: ${e.message}` : String(e));
        setStatus('error');
      });
    return () => {
      live = false;
    };
  }, [id, loads]);

  const problems = useMemo<Problems>(() => {
    const out: Problems = {};
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,99}$/.test(draft.name)) out.name = 'a report name is letters, digits, _ and -, starting with a letter';
    if (!draft.module) out.module = 'choose the module whose record the report prints';
    // A report whose print values are computed by code (SHOWCAUSE's letter) names `$` values the
    // client does not know: the server checks those.
    const computed = draft.values ? [...draft.template.matchAll(/\{\{\s*(\$[A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]) : [];
    const found = templateProblems(draft.template, { fields: new Set(draft.fields), printValues: new Set([...PRINT_VALUES, ...computed]) });
    if (found.length) out.template = found.slice(0, 10).join('\n');
    return out;
  }, [draft]);

  const edit = useCallback((change: Partial<ReportDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setSavedNotice(null);
    setSaveProblems(null);
  }, []);

  const save = useCallback(async () => {
    setSavedNotice(null);
    setSaveProblems(null);
    if (Object.keys(problems).length) {
      setSaveProblems(problems);
      return;
    }
    const values = [draft.name.trim(), draft.module, draft.title.trim() || null, draft.template, JSON.stringify(propertiesOf(draft))];
    const fields = ['name', 'module', 'title', 'template', 'properties'];
    setSaving(true);
    try {
      if (id === null) {
        const row = await rpc.create({ module: 'WebReport', fields, values });
        setStored(JSON.stringify(draft));
        allowNext();
        navigate(`${REPORT_BASE}/${String(row.id)}`, { replace: true });
        return;
      }
      const row = await rpc.update({ module: 'WebReport', fields: ['id', 'updatectr', ...fields], values: [id, updatectr, ...values] });
      setUpdatectr(Number(row.updatectr));
      setStored(JSON.stringify(draft));
      setSavedNotice('Saved. The next print of this report uses it.');
    } catch (e) {
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') setConflict(true);
      else if (e instanceof RpcError && e.code === 'E_VALIDATION') setSaveProblems((fieldErrorsOf(e) ?? { template: e.message }) as Problems);
      else await presentError(e);
    } finally {
      setSaving(false);
    }
  }, [problems, draft, id, updatectr, allowNext, navigate]);

  return {
    status,
    loadError,
    id,
    updatectr,
    draft,
    edit,
    problems,
    saveProblems,
    saving,
    conflict,
    savedNotice,
    dirty,
    save,
    reload: () => setLoads((n) => n + 1),
    dismissConflict: () => setConflict(false),
  };
}
