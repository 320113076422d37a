// The chart row's where-builder: condition rows (field from the row's module, operator, value),
// each after the first joined by And or Or (where-rows.ts), with the JSON still reachable through
// "Edit as JSON" — the only way to a shape the rows cannot show.
import { useEffect, useState } from 'react';
import type { ChartWhereItem } from '../../../engine/metadata/screen-schemas.js';
import type { CatalogueField } from './editor-sources';
import { fieldChoices } from './editor-choices';
import { ChoiceSelect } from '../ui/labelled-fields';
import { JsonInput } from './editor-frame';
import { removeAt, replaceAt } from './draft-edit';
import { newWhereRow, OPERATORS, rowsOf, takesOf, whereOf, type WhereRow } from './where-rows';

const PLACEHOLDER = { one: 'value', list: '13, 55', two: 'from, to', none: '' } as const;

export function WhereBuilder(props: { where: ChartWhereItem[] | undefined; fields: CatalogueField[]; testId: string; onChange(where: ChartWhereItem[] | undefined): void }) {
  const { where, fields, testId, onChange } = props;
  const fromWhere = rowsOf(where);
  const [rows, setRows] = useState<WhereRow[]>(fromWhere ?? []);
  const [asJson, setAsJson] = useState(fromWhere === null);
  // A where changed elsewhere (the JSON box, the raw definition) is shown again as rows.
  useEffect(() => {
    const next = rowsOf(where);
    if (next === null) setAsJson(true);
    else if (JSON.stringify(whereOf(rows)) !== JSON.stringify(where)) setRows(next);
    // Only an outside change of `where` resyncs; the rows' own edits already wrote it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(where)]);

  const edit = (next: WhereRow[]) => {
    setRows(next);
    onChange(whereOf(next));
  };
  const representable = rowsOf(where) !== null;

  return (
    <fieldset className="where-builder" data-testid={testId}>
      <legend>Where conditions</legend>
      {asJson ? (
        <JsonInput label="Where conditions (JSON)" testId={`${testId}-json`} placeholder='[["state", "in", [13, 55]]]' value={where} onChange={(v) => onChange(v as ChartWhereItem[] | undefined)} />
      ) : (
        <>
          {rows.length === 0 && <p className="muted">Every row of the module counts. Add a condition to narrow it.</p>}
          {rows.map((r, i) => {
            const takes = takesOf(r.operator);
            return (
              <div key={i} className="editor-row where-row" data-testid={`${testId}-${i}`}>
                {i === 0 ? (
                  <span className="where-join">Where</span>
                ) : (
                  <label className="field where-join">
                    <span className="form-label">Join</span>
                    <select data-testid={`${testId}-${i}-join`} aria-label={`Join of condition ${i + 1}`} value={r.join} onChange={(e) => edit(replaceAt(rows, i, { ...r, join: e.target.value as WhereRow['join'] }))}>
                      <option value="and">And</option>
                      <option value="or">Or</option>
                    </select>
                  </label>
                )}
                <ChoiceSelect label="Field" testId={`${testId}-${i}-field`} none="Select..." value={r.field} choices={fieldChoices(fields)} onChange={(field) => edit(replaceAt(rows, i, { ...r, field }))} />
                <label className="field">
                  <span className="form-label">Operator</span>
                  <select data-testid={`${testId}-${i}-operator`} value={r.operator} onChange={(e) => edit(replaceAt(rows, i, { ...r, operator: e.target.value, value: takesOf(e.target.value) === 'none' ? '' : r.value }))}>
                    {OPERATORS.map((o) => (
                      <option key={o.op} value={o.op}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
                {takes !== 'none' && (
                  <label className="field">
                    <span className="form-label">{takes === 'list' ? 'Values (comma-separated)' : takes === 'two' ? 'From, to' : 'Value'}</span>
                    <input data-testid={`${testId}-${i}-value`} placeholder={PLACEHOLDER[takes]} value={r.value} onChange={(e) => edit(replaceAt(rows, i, { ...r, value: e.target.value }))} />
                  </label>
                )}
                <div className="row-actions">
                  <button type="button" className="btn btn-small" data-testid={`${testId}-${i}-remove`} onClick={() => edit(removeAt(rows, i))}>
                    Remove
                  </button>
                </div>
              </div>
            );
          })}
        </>
      )}
      <div className="editor-add">
        {!asJson && (
          <button type="button" className="btn btn-small" data-testid={`${testId}-add`} onClick={() => edit([...rows, newWhereRow()])}>
            Add condition
          </button>
        )}
        <button type="button" className="btn btn-small" data-testid={`${testId}-mode`} disabled={asJson && !representable} title={asJson && !representable ? 'These conditions have a shape the rows cannot show' : undefined} onClick={() => {
          if (asJson) setRows(rowsOf(where) ?? []);
          setAsJson(!asJson);
        }}>
          {asJson ? 'Edit as rows' : 'Edit as JSON'}
        </button>
      </div>
    </fieldset>
  );
}
