// The shape of the module catalogue that Screen.modules answers and the screen editors pick
// modules and fields from. Types only, with no imports, so the client can share them.

export interface CatalogueField {
  name: string;
  /** A module field type (module-schema.ts FieldTypes). */
  type: string;
  title?: string;
  /** The module this field looks up (its id); its name comes as `{name}_name_ind_field`. */
  lookup?: string;
  /** On `{field}_name_ind_field` columns: the lookup field they show the name of. */
  lookupOf?: string;
  /** Maintained by the engine (id, stamps, display columns). */
  system?: boolean;
  options?: (string | number)[];
}

export interface CatalogueModule {
  name: string;
  title?: string;
  kind: 'table' | 'link' | 'attachment';
  /** Reads another module's table, limited to the current entity (`RE-RE`). */
  variantOf?: string;
  hasStateMap: boolean;
  fields: CatalogueField[];
}
