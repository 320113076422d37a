// Screen.modules: the module catalogue the screen editors pick from — every module with its
// fields (types, titles, lookups and the `{field}_name_ind_field` columns they yield), as the
// record engine resolves them. Secret columns are never listed. Read-only metadata.
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import type { ModuleRegistry, ResolvedField } from '../../metadata/module-registry.js';
import type { CatalogueField, CatalogueModule } from '../../metadata/module-catalogue.js';

function fieldOf(f: ResolvedField): CatalogueField {
  return {
    name: f.name,
    type: f.type,
    ...(f.def.title ? { title: f.def.title } : {}),
    ...(f.def.lookup && !f.lookupOf ? { lookup: f.def.lookup.module } : {}),
    ...(f.lookupOf ? { lookupOf: f.lookupOf } : {}),
    ...(f.system ? { system: true } : {}),
    ...(f.def.options ? { options: f.def.options } : {}),
  };
}

/** The catalogue, modules and their fields sorted by name (code-unit order, locale-free). */
export function moduleCatalogue(modules: ModuleRegistry): CatalogueModule[] {
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return modules
    .all()
    .map((m) => ({
      name: m.name,
      ...(m.def.title ? { title: m.def.title } : {}),
      kind: m.kind,
      ...(m.def.variantOf ? { variantOf: m.def.variantOf } : {}),
      hasStateMap: Boolean(m.stateMap),
      fields: [...m.fields.values()].map(fieldOf).sort(byName),
    }))
    .sort(byName);
}

// Module metadata is fixed for a registry's life: its catalogue is built once.
const built = new WeakMap<ModuleRegistry, string>();
function catalogueText(modules: ModuleRegistry): string {
  let json = built.get(modules);
  if (json === undefined) built.set(modules, (json = JSON.stringify(moduleCatalogue(modules))));
  return json;
}

export const screenModules = defineAction({
  name: 'Screen.modules',
  summary: 'The module catalogue for the screen editors: every module with its fields (type, title, lookup), secret columns left out',
  args: [],
  access: 'session',
  permission: 'WebListview.select',
  writes: false,
  answer: 'value 0: text, JSON [{name, title?, kind, variantOf?, hasStateMap, fields: [{name, type, title?, lookup?, lookupOf?, system?, options?}]}] sorted by name',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    return [text(catalogueText(ctx.services.modules))];
  },
});
