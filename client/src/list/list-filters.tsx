// The filter form (seed 000 §2.8; seed 001 §2.3): one control per filter of the view, by type
// (plain text or select box, a date, a date range, a year, a month, between years, between
// months), then the custom search box with its field picker, Search and Reset. A select box over
// a module's records or a list group's entries is the type-to-search box of the forms (30 a page,
// seed 001 §7); one over fixed options or the list's states is a plain select.
import type { FormEvent } from 'react';
import { ModuleSearchSelect } from '../ui/module-search-select';
import type { FilterValue } from './list-query';
import type { ListReady, ResolvedFilter } from './use-list-controller';

const PLACEHOLDER = { date: 'DD/MM/YYYY', year: 'YYYY', month: 'YYYY-MM' } as const;

function TextBox({ name, label, value, placeholder, onChange }: { name: string; label: string; value: string | undefined; placeholder?: string; onChange: (v: string) => void }) {
  return <input name={name} aria-label={label} value={value ?? ''} placeholder={placeholder} autoComplete="off" onChange={(e) => onChange(e.target.value)} />;
}

function FilterControl({ f, value, set }: { f: ResolvedFilter; value: FilterValue; set: (patch: FilterValue) => void }) {
  const { filter, title } = f;
  const name = `filter-${filter.name}`;
  if (f.search) {
    // Empty means All; the chosen record's value filters as the plain select's did.
    return <ModuleSearchSelect name={name} ariaLabel={title} source={f.search} value={value.value ?? ''} placeholder="All" onChange={(v) => set({ value: v })} />;
  }
  if (f.options !== undefined) {
    return (
      <select name={name} aria-label={title} value={value.value ?? ''} onChange={(e) => set({ value: e.target.value })} disabled={f.options === null}>
        <option value="">{f.options === null ? 'Loading...' : 'All'}</option>
        {(f.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  switch (filter.type) {
    case 'plain':
      return <TextBox name={name} label={title} value={value.value} onChange={(v) => set({ value: v })} />;
    case 'date':
      return <TextBox name={name} label={title} value={value.value} placeholder={PLACEHOLDER.date} onChange={(v) => set({ value: v })} />;
    case 'year':
      return <TextBox name={name} label={title} value={value.value} placeholder={PLACEHOLDER.year} onChange={(v) => set({ value: v })} />;
    case 'month':
      return <TextBox name={name} label={title} value={value.value} placeholder={PLACEHOLDER.month} onChange={(v) => set({ value: v })} />;
    default: {
      const placeholder = filter.type === 'daterange' ? PLACEHOLDER.date : filter.type === 'btwn_year' ? PLACEHOLDER.year : PLACEHOLDER.month;
      return (
        <span className="filter-range">
          <TextBox name={`${name}-from`} label={`${title} from`} value={value.from} placeholder={placeholder} onChange={(v) => set({ from: v })} />
          <span aria-hidden="true">to</span>
          <TextBox name={`${name}-to`} label={`${title} to`} value={value.to} placeholder={placeholder} onChange={(v) => set({ to: v })} />
        </span>
      );
    }
  }
}

export function ListFilters({ list }: { list: ListReady }) {
  const { filters, form, searchFields } = list;
  if (!filters.length && !searchFields.length) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    list.search();
  };
  return (
    <form className="list-filters" onSubmit={submit} data-list-filters>
      {filters.map((f) => (
        <label key={f.index} className="field list-filter" data-filter={f.filter.name}>
          <span>{f.title}</span>
          <span className="filter-input">
            <FilterControl f={f} value={form.values[f.index] ?? {}} set={(patch) => list.setFilterValue(f.index, patch)} />
          </span>
        </label>
      ))}
      {searchFields.length > 0 && (
        <div className="field list-search">
          <span>Search</span>
          <span className="filter-input">
            <select name="search-field" aria-label="Search in" value={form.search.field} onChange={(e) => list.setSearch({ field: e.target.value })}>
              {searchFields.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.title}
                </option>
              ))}
            </select>
            <input name="search-text" aria-label="Search for" value={form.search.text} autoComplete="off" onChange={(e) => list.setSearch({ text: e.target.value })} />
          </span>
        </div>
      )}
      <div className="list-filter-buttons">
        <button type="submit" className="btn btn-primary" data-action="search">
          {list.searchLabel}
        </button>
        <button type="button" className="btn" data-action="reset" onClick={list.reset}>
          Reset
        </button>
      </div>
      {list.formError && (
        <p className="form-error" role="alert" data-filter-error>
          {list.formError}
        </p>
      )}
    </form>
  );
}
