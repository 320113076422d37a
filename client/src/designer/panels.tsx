// The side accordion of the Form Viewer (seed 001 §2.2): Form, Table, Header and Cell Properties,
// Cell Validations and Tab Summary. Each field edits the template through the controller.
import type { Cell, FormCheck, FormProperties, Tab, ToleranceSpec } from '../../../portal/filing/template-schema.js';
import { EDITORS, MAX_HEADER, MAX_PRECISION } from '../../../portal/filing/template-schema.js';
import { columnLetter, designerRows } from '../../../portal/filing/template-grid.js';
import { nextSummaryId, normaliseCell } from '../../../portal/filing/normalise.js';
import { dialogs } from '../ui/dialogs';
import type { Designer } from './use-designer';
import { BATCH_UPDATE_CONFIRM, cellAt, columnCount, duplicateTab, mergeCells, setColumnCount, setHeaderTop, setRowCount, unmergeCell, updateCell } from './tab-edits';
import { CheckField, COUNT_DEBOUNCE_MS, ListGroupField, NumberField, ReadOnlyField, SelectField, TextField } from './fields';

/** A cell with the save rules of the one cell model applied (formula cells disabled and numeric, precision and scale defaults). */
function normalised(cell: Cell): Cell {
  const copy = { ...cell };
  normaliseCell(copy);
  return copy;
}

const TAB_TYPES = [{ value: 'normal', label: 'Normal' }, { value: 'add-new-rows', label: 'Allow Add New Rows' }];
const ALIGN = [{ value: 'left', label: 'Left' }, { value: 'center', label: 'Center' }, { value: 'right', label: 'Right' }];

function Section({ title, name, open, children }: { title: string; name: string; open?: boolean; children: React.ReactNode }) {
  return (
    <details className="designer-section" data-section={name} open={open}>
      <summary>{title}</summary>
      <div className="designer-section-body">{children}</div>
    </details>
  );
}

/** A tolerance with one amount typed (blank removes it; not a number ≥ 0 leaves it as it was). */
function withTolerance(t: ToleranceSpec | undefined, key: keyof ToleranceSpec, text: string): ToleranceSpec | undefined {
  const n = text.trim() === '' ? undefined : Number(text);
  if (n !== undefined && !(Number.isFinite(n) && n >= 0)) return t;
  const next: ToleranceSpec = { ...t, [key]: n };
  if (next[key] === undefined) delete next[key];
  return next.absolute === undefined && next.relative === undefined ? undefined : next;
}

/** The two amounts of an equality rule's tolerance (docs/form-templates.md "Tolerance"). */
function ToleranceFields({ name, value, onChange }: { name: string; value: ToleranceSpec | undefined; onChange: (t: ToleranceSpec | undefined) => void }) {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return (
    <div className="designer-pair">
      <TextField label="Tolerance (amount)" name={`${name}-tolerance-absolute`} value={text(value?.absolute)} onChange={(v) => onChange(withTolerance(value, 'absolute', v))} />
      <TextField label="Tolerance (share, 0.01 = 1%)" name={`${name}-tolerance-relative`} value={text(value?.relative)} onChange={(v) => onChange(withTolerance(value, 'relative', v))} />
    </div>
  );
}

function ChecksEditor({ label, name, checks, onChange }: { label: string; name: string; checks: FormCheck[] | undefined; onChange: (c: FormCheck[]) => void }) {
  const list = checks ?? [];
  const set = (i: number, patch: Partial<FormCheck>) => onChange(list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="designer-checks" data-field={name}>
      <legend>{label}</legend>
      {list.map((c, i) => (
        <div key={i} className="designer-check-item">
          <TextField label="Formula" name={`${name}-${i}-formula`} value={c.formula} onChange={(v) => set(i, { formula: v })} />
          <TextField label="Message" name={`${name}-${i}-message`} value={c.message} onChange={(v) => set(i, { message: v })} />
          <ToleranceFields name={`${name}-${i}`} value={c.tolerance} onChange={(t) => set(i, { tolerance: t })} />
          <button type="button" className="btn btn-sm" onClick={() => onChange(list.filter((_, j) => j !== i))}>Remove</button>
        </div>
      ))}
      <button type="button" className="btn btn-sm" data-action={`add-${name}`} onClick={() => onChange([...list, { formula: '=TRUE()', message: 'Check the figures.' }])}>Add</button>
    </fieldset>
  );
}

export function FormPropertiesPanel({ d }: { d: Designer }) {
  const p = d.props!;
  const set = (patch: Partial<FormProperties>) => d.editForm((x) => ({ ...x, ...patch }));
  const problem = (f: string) => d.problems.find((x) => x.tabIndex === -1 && x.field === f)?.message;
  return (
    <Section title="Form Properties" name="form">
      <TextField label="Form ID" name="form-id" required value={p.id} problem={problem('id')} onChange={(v) => set({ id: v })} />
      <TextField label="Form Title" name="form-title" required value={p.title} problem={problem('title')} onChange={(v) => set({ title: v })} />
      <ListGroupField label="Form Dropdown" name="form-dropdown" value={p.dropdown} onChange={(v) => set({ dropdown: v ?? null })} />
      <ChecksEditor label="Tab Validations" name="tabvalidation" checks={p.tabvalidation} onChange={(c) => set({ tabvalidation: c })} />
      <ChecksEditor label="Tier 2 Validations" name="tier2" checks={p.tier2} onChange={(c) => set({ tier2: c })} />
      <TextField label="Printout" name="printout" value={p.printout} onChange={(v) => set({ printout: v || undefined })} />
      <CheckField label="Ext by Category" name="extbycategory" value={p.extbycategory} onChange={(v) => set({ extbycategory: v })} />
      <CheckField label="Hide Consolidated" name="hideConsolidated" value={p.hideConsolidated} onChange={(v) => set({ hideConsolidated: v })} />
      <CheckField label="Allow Set Zero" name="allowSetZero" value={p.allowSetZero} onChange={(v) => set({ allowSetZero: v })} />
    </Section>
  );
}

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export function TablePropertiesPanel({ d, typeFixed }: { d: Designer; typeFixed: boolean }) {
  const tab = d.props!.items[d.tabIndex];
  const set = (patch: Partial<Tab>) => d.editTab((t) => ({ ...t, ...patch }));
  const rows = designerRows(tab).length;
  const problem = (f: string) => d.problems.find((x) => x.tabIndex === d.tabIndex && x.row === undefined && x.field === f)?.message;
  return (
    <Section title="Table Properties" name="table" open>
      <TextField label="Tab Code" name="tab-title" required value={tab.title} problem={problem('title')} onChange={(v) => set({ title: v })} />
      <TextField label="Tab Title" name="tab-display-name" required value={tab.display_name} problem={problem('display_name')} onChange={(v) => set({ display_name: v })} />
      <TextField label="Tab tooltip" name="tab-tooltips" value={tab.tab_tooltips} onChange={(v) => set({ tab_tooltips: v || undefined })} />
      <CheckField label="Hide Tab" name="tab-hide" value={tab.hide} onChange={(v) => set({ hide: v || undefined })} />
      <SelectField label="Type" name="tab-type" required disabled={typeFixed} value={tab.type} options={TAB_TYPES} onChange={(v) => set({ type: v as Tab['type'] })} />
      {tab.type === 'add-new-rows' && (
        <>
          <NumberField label="Min row" name="minrowsize" min={0} value={tab.minrowsize} onChange={(v) => set({ minrowsize: v })} />
          <NumberField label="Max row" name="maxrowsize" min={1} value={tab.maxrowsize} onChange={(v) => set({ maxrowsize: v })} />
        </>
      )}
      <TextField label="PDF File Name" name="tab-pdf" value={tab.pdf} onChange={(v) => set({ pdf: v || undefined })} />
      <NumberField label="No. of Rows" name="row-count" steppers min={tab.header.items.length + 1} max={5000} delay={COUNT_DEBOUNCE_MS} value={rows} onChange={(v) => v !== undefined && d.editTab((t) => setRowCount(t, v))} />
      <NumberField label="No. of Columns" name="col-count" steppers min={1} max={200} delay={COUNT_DEBOUNCE_MS} value={columnCount(tab)} onChange={(v) => v !== undefined && d.editTab((t) => setColumnCount(t, v))} />
      {tab.type !== 'add-new-rows' && <TextField label="Hide Rows" name="hide-rows" value={(tab.hide_rows ?? []).join(', ')} onChange={(v) => set({ hide_rows: list(v).map(Number).filter((n) => Number.isInteger(n) && n > 0) })} />}
      <TextField label="Hide Cols" name="hide-cols" value={(tab.hide_cols ?? []).join(', ')} onChange={(v) => set({ hide_cols: list(v).map((s) => s.toUpperCase()).filter((s) => /^[A-Z]{1,3}$/.test(s)) })} />
      <div className="designer-tab-actions">
        <button type="button" className="btn" data-action="duplicate-tab" onClick={() => { d.editForm((p) => duplicateTab(p, d.tabIndex, d.record?.itemcode || p.id.replace(/[^A-Za-z0-9]/g, ''))); d.setTabIndex(d.tabIndex + 1); }}>
          Duplicate Tab
        </button>
        <button type="button" className="btn btn-danger" data-action="remove-tab" disabled={d.props!.items.length < 2} title={d.props!.items.length < 2 ? 'A form keeps at least one tab.' : undefined} onClick={() => void removeTab(d)}>
          Remove Tab
        </button>
      </div>
    </Section>
  );
}

export const removeTabQuestion = (tab: Tab) => `Remove the tab ${tab.title} - ${tab.display_name}? Its cells and their codes are gone from the template once it is saved.`;

async function removeTab(d: Designer) {
  const index = d.tabIndex;
  const tab = d.props!.items[index];
  if (await dialogs.confirm('Remove Tab', removeTabQuestion(tab), { yes: 'Remove', no: 'Cancel' })) d.removeTab(index);
}

export function HeaderPropertiesPanel({ d }: { d: Designer }) {
  const tab = d.props!.items[d.tabIndex];
  return (
    <Section title="Header Properties" name="header">
      <NumberField label="Top Row count" name="header-top" min={0} max={MAX_HEADER} delay={COUNT_DEBOUNCE_MS} value={tab.header.items.length} onChange={(v) => d.editTab((t) => setHeaderTop(t, v ?? 0))} />
      <NumberField label="Left Column count" name="header-left" min={0} max={MAX_HEADER} value={tab.header.left} onChange={(v) => d.editTab((t) => ({ ...t, header: { ...t.header, left: v ?? 0 } }))} />
      <CheckField label="Freeze Top" name="freezetop" value={tab.freezetop !== false} onChange={(v) => d.editTab((t) => ({ ...t, freezetop: v }))} />
      <TextField label="Dimension" name="header-dimension" value={tab.header.dimension} onChange={(v) => d.editTab((t) => ({ ...t, header: { ...t.header, dimension: v || undefined } }))} />
    </Section>
  );
}

const classes = (cell: Cell) => (cell.className ?? '').split(' ').filter(Boolean);
function withClass(cell: Cell, test: (c: string) => boolean, add?: string): string | undefined {
  const next = classes(cell).filter((c) => !test(c));
  if (add) next.push(add);
  return next.join(' ') || undefined;
}

export function CellPropertiesPanel({ d }: { d: Designer }) {
  const sel = d.selection;
  const tab = d.props!.items[d.tabIndex];
  const cell = sel ? cellAt(tab, sel.row, sel.col) : undefined;
  if (!sel || !cell) {
    return (
      <Section title="Cell Properties" name="cell" open>
        <p className="muted">Select a cell in the grid.</p>
      </Section>
    );
  }
  const { row, col } = sel;
  const set = (patch: Partial<Cell>) => d.editTab((t) => updateCell(t, row, col, patch));
  const address = `${columnLetter(col)}${row + 1}`;
  const problem = (f: string) => d.problems.find((x) => x.tabIndex === d.tabIndex && x.row === row && x.col === col && (x.field === f || (f === 'value' && x.field === 'formula')))?.message;
  // A Text cell keeps its formula, which then answers text; any other cell with one is a formula cell.
  const textFormula = Boolean(cell.formula) && cell.editor === 'text';
  const numeric = cell.editor === 'numeric' || cell.editor === 'formula' || (Boolean(cell.formula) && !textFormula);
  const indent = classes(cell).find((c) => c.startsWith('indent-'))?.slice(7) ?? '0';
  const otherTabs = d.props!.items.filter((_, i) => i !== d.tabIndex).map((t) => ({ value: t.title, label: `${t.title} - ${t.display_name}` }));
  const merged = (cell.rowspan ?? 1) > 1 || (cell.colspan ?? 1) > 1;
  const merge = () => {
    const r = mergeCells(tab, sel);
    if ('problem' in r) void dialogs.alert('Merge Cells', r.problem, 'warning');
    else d.editTab(() => r.tab);
  };
  return (
    <Section title="Cell Properties" name="cell" open>
      <div key={`${d.tabIndex}:${address}`}>
        <ReadOnlyField label="Address" name="cell-address" value={address} />
        <div className="designer-pair">
          <ReadOnlyField label="X" name="cell-x" value={columnLetter(col)} />
          <ReadOnlyField label="Y" name="cell-y" value={String(row + 1)} />
        </div>
        {cell.code && <ReadOnlyField label="Code" name="cell-code" value={cell.code} />}
        <SelectField label="Type" name="cell-type" value={cell.formula && !textFormula ? 'formula' : cell.editor} empty="Label" options={EDITORS.map((e) => ({ value: e, label: e[0].toUpperCase() + e.slice(1) }))} problem={problem('editor')}
          onChange={(v) => set(v === 'formula' ? normalised({ ...cell, editor: 'formula', formula: cell.formula ?? '=0' }) : { editor: (v || undefined) as Cell['editor'], formula: v === 'text' ? cell.formula : undefined, precision: v === 'numeric' ? cell.precision : undefined, scale: v === 'numeric' ? cell.scale : undefined, listgroup: v === 'dropdown' ? cell.listgroup : undefined })} />
        {numeric && (
          <div className="designer-pair">
            <NumberField label="Precision" name="cell-precision" min={1} max={MAX_PRECISION} value={cell.precision} problem={problem('precision')} onChange={(v) => set({ precision: v })} />
            <NumberField label="Scale" name="cell-scale" min={0} max={MAX_PRECISION} value={cell.scale} problem={problem('scale')} onChange={(v) => set({ scale: v })} />
          </div>
        )}
        <TextField label="Value" name="cell-value" value={cell.formula ?? (cell.value === null || cell.value === undefined ? '' : String(cell.value))} problem={problem('value')}
          onChange={(v) => set(v.trim().startsWith('=') ? { formula: v.trim(), editor: cell.editor === 'text' ? 'text' : 'formula', disabled: true, value: undefined } : { value: v, formula: undefined, editor: cell.editor === 'formula' ? 'numeric' : cell.editor })} />
        <CheckField label="Disable" name="cell-disabled" value={cell.disabled || Boolean(cell.formula)} disabled={Boolean(cell.formula)} onChange={(v) => set({ disabled: v || undefined })} />
        <TextField label="Disable Condition" name="cell-disablecondition" value={cell.disablecondition} problem={problem('disablecondition')} onChange={(v) => set({ disablecondition: v })} />
        <CheckField label="Allow Empty" name="cell-allowempty" value={cell.allowempty} onChange={(v) => set({ allowempty: v || undefined })} />
        <SelectField label="Align" name="cell-alignment" value={cell.alignment} empty="(default)" options={ALIGN} onChange={(v) => set({ alignment: (v || undefined) as Cell['alignment'] })} />
        <SelectField label="Indent" name="cell-indent" value={indent} options={['0', '1', '2', '3', '4', '5'].map((n) => ({ value: n, label: n }))} onChange={(v) => set({ className: withClass(cell, (c) => c.startsWith('indent-'), v === '0' ? undefined : `indent-${v}`) })} />
        <CheckField label="Bold" name="cell-bold" value={classes(cell).includes('bold')} onChange={(v) => set({ className: withClass(cell, (c) => c === 'bold', v ? 'bold' : undefined) })} />
        <NumberField label="Width" name="cell-width" min={0} max={2000} value={cell.width} onChange={(v) => set({ width: v })} />
        <SelectField label="Link" name="cell-href" value={cell.href} empty="(none)" options={otherTabs} onChange={(v) => set({ href: v || undefined })} />
        <TextField label="Explanatory Note" name="cell-note" multiline value={cell.note} onChange={(v) => set({ note: v })} />
        <TextField label="Label Map" name="cell-label-map" value={cell.label_map} onChange={(v) => set({ label_map: v })} />
        {cell.editor === 'dropdown' && (
          <ListGroupField label="List Group" name="cell-listgroup" required value={cell.listgroup} problem={problem('listgroup')} onChange={(v) => set({ listgroup: v })} />
        )}
        <div className="toolbar">
          <button type="button" className="btn" data-action="merge-cells" onClick={merge}>Merge Cells</button>
          {merged && <button type="button" className="btn" data-action="unmerge-cells" onClick={() => d.editTab((t) => unmergeCell(t, row, col))}>Unmerge</button>}
        </div>
      </div>
    </Section>
  );
}

export function CellValidationsPanel({ d, batch, setBatch }: { d: Designer; batch: boolean; setBatch: (b: boolean) => void }) {
  const sel = d.selection;
  const tab = d.props!.items[d.tabIndex];
  const cell = sel ? cellAt(tab, sel.row, sel.col) : undefined;
  const toggleBatch = async (on: boolean) => {
    if (!on) return setBatch(false);
    // Seed 001 §5.1: declining the question leaves the box unticked.
    setBatch(await dialogs.confirm('Batch update', BATCH_UPDATE_CONFIRM));
  };
  if (!sel || !cell) return <Section title="Cell Validations" name="validations"><p className="muted">Select a cell in the grid.</p></Section>;
  const r1 = Math.min(sel.row, sel.row2), r2 = Math.max(sel.row, sel.row2), c1 = Math.min(sel.col, sel.col2), c2 = Math.max(sel.col, sel.col2);
  // With Batch update ticked the validation and its message go to every selected cell.
  const set = (patch: Partial<Cell>) =>
    d.editTab((t) => {
      let next = t;
      for (let r = batch ? r1 : sel.row; r <= (batch ? r2 : sel.row); r++) for (let c = batch ? c1 : sel.col; c <= (batch ? c2 : sel.col); c++) next = updateCell(next, r, c, patch);
      return next;
    });
  const problem = (f: string) => d.problems.find((x) => x.tabIndex === d.tabIndex && x.row === sel.row && x.col === sel.col && x.field === f)?.message;
  return (
    <Section title="Cell Validations" name="validations">
      <div key={`${d.tabIndex}:${sel.row}:${sel.col}:${batch}`}>
        <ReadOnlyField label="Address" name="validation-address" value={batch && (r1 !== r2 || c1 !== c2) ? `${columnLetter(c1)}${r1 + 1}:${columnLetter(c2)}${r2 + 1}` : `${columnLetter(sel.col)}${sel.row + 1}`} />
        <CheckField label="On change" name="cell-onchange" value={cell.onchange} onChange={(v) => set({ onchange: v || undefined })} />
        <TextField label="Validations" name="cell-validations" value={cell.validations} problem={problem('validations')} onChange={(v) => set({ validations: v })} />
        <TextField label="Validations Message" name="cell-validationmsg" value={cell.validationmsg} onChange={(v) => set({ validationmsg: v })} />
        <ToleranceFields name="cell" value={cell.tolerance} onChange={(t) => set({ tolerance: t })} />
        <CheckField label="Batch update" name="batch-update" value={batch} onChange={(v) => void toggleBatch(v)} />
      </div>
    </Section>
  );
}

export function TabSummaryPanel({ d }: { d: Designer }) {
  const p = d.props!;
  const tab = p.items[d.tabIndex];
  const s = tab.summary && !tab.summary.deleted ? tab.summary : undefined;
  const toggle = (on: boolean) =>
    d.editTab((t) => {
      if (!on) return t.summary ? { ...t, summary: { ...t.summary, deleted: true } } : t;
      if (t.summary) return { ...t, summary: { ...t.summary, deleted: undefined } };
      // Seed 001 §4.1: one above the highest summary id of the form, base 70.
      return { ...t, summary: { id: nextSummaryId(p), header: [[{ value: 'Category' }, { value: 'Total' }]], items: [[{ editor: 'dropdown' }, normalised({ editor: 'formula', formula: '=0' })]] } };
    });
  const setCell = (i: 0 | 1, patch: Partial<Cell>) =>
    d.editTab((t) => (t.summary ? { ...t, summary: { ...t.summary, items: [t.summary.items[0].map((c, j) => (j === i ? { ...c, ...patch } : c))] } } : t));
  // The summary's header texts (its first header row): the category column's, then each value column's.
  const setHeader = (j: number, value: string) =>
    d.editTab((t) => (t.summary ? { ...t, summary: { ...t.summary, header: t.summary.header.map((row, r) => (r === 0 ? row.map((c, k) => (k === j ? { ...c, value } : c)) : row)) } } : t));
  return (
    <Section title="Tab Summary" name="summary">
      <CheckField label="Show summary" name="summary-show" value={Boolean(s)} onChange={toggle} />
      {s && (
        <>
          <ReadOnlyField label="Summary ID" name="summary-id" value={String(s.id)} />
          {(s.header[0] ?? []).map((c, j) => (
            <TextField key={j} label={j === 0 ? 'Category header' : `Column ${j} header`} name={`summary-header-${j}`} value={c.value === null || c.value === undefined ? '' : String(c.value)} onChange={(v) => setHeader(j, v)} />
          ))}
          <ListGroupField label="Summary Dropdown" name="summary-dropdown" value={s.items[0][0].listgroup} onChange={(v) => setCell(0, { listgroup: v })} />
          <TextField label="Column 1 formula" name="summary-formula" value={s.items[0][1].formula} onChange={(v) => setCell(1, { formula: v })} />
          <div className="designer-pair">
            <NumberField label="Precision" name="summary-precision" min={1} max={MAX_PRECISION} value={s.items[0][1].precision ?? MAX_PRECISION} onChange={(v) => setCell(1, { precision: v })} />
            <NumberField label="Scale" name="summary-scale" min={0} max={MAX_PRECISION} value={s.items[0][1].scale ?? 0} onChange={(v) => setCell(1, { scale: v })} />
          </div>
        </>
      )}
    </Section>
  );
}
