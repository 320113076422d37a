// Step 2 of the chart wizard: the data rows. Each row has a label and a colour (a colour picker
// with the status colours of seed 000 §4.2 as swatches) and a declarative aggregate: a module
// from the catalogue, count / sum / average of a numeric field, grouped by month of a date field
// or by a lookup field's names, with where conditions built as rows (where-builder.tsx).
import type { ChartDataRow } from '../../../engine/metadata/screen-schemas.js';
import { STATUS_COLOURS } from '../dashboards/status-colours';
import { WhereBuilder } from './where-builder';
import { FieldMessage } from './field-messages';
import { removeAt, replaceAt } from './draft-edit';
import { dateFields, lookupFields, newRow, numericFields, withModule } from './chart-draft';
import type { CatalogueField, CatalogueModule } from './editor-sources';
import { ChoiceSelect } from '../ui/labelled-fields';
import { fieldChoices, moduleChoices } from './editor-choices';

function FieldSelect(props: { value: string; fields: CatalogueField[]; onChange(v: string): void; testId: string; label: string }) {
  return <ChoiceSelect label={props.label} testId={props.testId} required none="Select..." value={props.value} choices={fieldChoices(props.fields)} onChange={props.onChange} />;
}

function RowEditor(props: { row: ChartDataRow; index: number; modules: CatalogueModule[]; onChange(r: ChartDataRow): void; onRemove(): void }) {
  const { row, index, modules, onChange, onRemove } = props;
  const module = modules.find((m) => m.name === row.module);
  const t = (name: string) => `row-${index}-${name}`;
  const byMonth = 'month' in row.groupBy;
  const groupField = byMonth ? (row.groupBy as { month: string }).month : (row.groupBy as { lookup: string }).lookup;
  return (
    <div className="editor-section" data-testid={`row-${index}`}>
      <FieldMessage at={`rows/${index}`} />
      <div className="editor-row">
        <label className="field">
          <span className="form-label required">Label</span>
          <input data-testid={t('label')} value={row.label} maxLength={100} onChange={(e) => onChange({ ...row, label: e.target.value })} />
        </label>
        <label className="field">
          <span className="form-label required">Colour</span>
          <input type="color" data-testid={t('color')} value={row.color} onChange={(e) => onChange({ ...row, color: e.target.value })} />
        </label>
        <div className="chart-swatches" role="group" aria-label="Status colours">
          {STATUS_COLOURS.map((c) => (
            <button
              key={c.hex}
              type="button"
              className="chart-swatch"
              style={{ background: c.hex }}
              title={`${c.name}: ${c.statuses}`}
              aria-label={c.name}
              aria-pressed={row.color.toLowerCase() === c.hex}
              onClick={() => onChange({ ...row, color: c.hex })}
            />
          ))}
        </div>
        <div className="row-actions">
          <button type="button" className="btn btn-small" data-testid={t('remove')} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <div className="editor-row">
        <ChoiceSelect label="Module" testId={t('module')} required none="Select..." value={row.module} choices={moduleChoices(modules, true)} onChange={(m) => onChange(withModule(row, m))} />
        <label className="field">
          <span className="form-label required">Aggregate</span>
          <select
            data-testid={t('aggregate')}
            value={row.aggregate}
            onChange={(e) => {
              const aggregate = e.target.value as ChartDataRow['aggregate'];
              const { field: _field, ...rest } = row;
              onChange(aggregate === 'count' ? { ...rest, aggregate } : { ...row, aggregate, field: row.field ?? '' });
            }}
          >
            <option value="count">Count</option>
            <option value="sum">Sum</option>
            <option value="avg">Average</option>
          </select>
        </label>
        {row.aggregate !== 'count' && <FieldSelect label="Of field" testId={t('field')} value={row.field ?? ''} fields={numericFields(module)} onChange={(field) => onChange({ ...row, field })} />}
        <label className="field">
          <span className="form-label required">Group by</span>
          <select data-testid={t('group-kind')} value={byMonth ? 'month' : 'lookup'} onChange={(e) => onChange({ ...row, groupBy: e.target.value === 'month' ? { month: '' } : { lookup: '' } })}>
            <option value="lookup">A lookup's names</option>
            <option value="month">Month of a date</option>
          </select>
        </label>
        <FieldSelect
          label={byMonth ? 'Date field' : 'Lookup field'}
          testId={t('group-field')}
          value={groupField}
          fields={byMonth ? dateFields(module) : lookupFields(module)}
          onChange={(f) => onChange({ ...row, groupBy: byMonth ? { month: f } : { lookup: f } })}
        />
      </div>
      <div className="editor-row">
        <WhereBuilder
          testId={t('where')}
          where={row.where}
          fields={module?.fields ?? []}
          onChange={(where) => {
            const { where: _where, ...rest } = row;
            onChange(where === undefined ? rest : { ...rest, where });
          }}
        />
      </div>
    </div>
  );
}

export function ChartRowsEditor(props: { rows: ChartDataRow[]; modules: CatalogueModule[]; onChange(rows: ChartDataRow[]): void }) {
  const { rows, modules, onChange } = props;
  return (
    <div data-testid="chart-rows">
      <FieldMessage at="rows" />
      {rows.length === 0 && <p className="muted">No data rows yet: a chart needs at least one.</p>}
      {rows.map((row, i) => (
        <RowEditor key={i} row={row} index={i} modules={modules} onChange={(r) => onChange(replaceAt(rows, i, r))} onRemove={() => onChange(removeAt(rows, i))} />
      ))}
      <div className="editor-add">
        <button type="button" className="btn" data-testid="add-row" onClick={() => onChange([...rows, newRow(rows.length)])}>
          Add data row
        </button>
      </div>
    </div>
  );
}
