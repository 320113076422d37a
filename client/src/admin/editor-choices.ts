// The editors' choices for ChoiceSelect (ui/labelled-fields): modules, fields and stored screen
// records.
import type { Choice } from '../ui/labelled-fields';
import type { CatalogueField, CatalogueModule, RecordChoice } from './editor-sources';

export const moduleChoices = (modules: CatalogueModule[], withTitles = false): Choice[] =>
  modules.map((m) => ({ value: m.name, label: withTitles && m.title ? `${m.name} (${m.title})` : m.name }));

/** Module fields as `name (title)` choices. */
export const fieldChoices = (fields: CatalogueField[]): Choice[] => fields.map((f) => ({ value: f.name, label: f.title ? `${f.name} (${f.title})` : f.name }));

/** Stored screen records as `{id}: {name}` choices. */
export const recordChoices = (records: RecordChoice[]): Choice[] => records.map((r) => ({ value: String(r.id), label: `${r.id}: ${r.name}` }));
