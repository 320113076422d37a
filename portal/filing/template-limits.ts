// The constants of the template format (editors, tab types, style classes, limits), apart from
// its JSON Schema so that the entry grid and the consolidated view can use them without loading
// the schema validator (Ajv) into their bundle.

/** Editors of a cell (seed 001 §3). `formula` cells are numeric and always disabled (§5.1). */
export const EDITORS = ['numeric', 'dropdown', 'text', 'date', 'time', 'currency', 'formula'] as const;
export type Editor = (typeof EDITORS)[number];

/**
 * Tab types. `normal`: a fixed table of header and body rows, one extract row per form.
 * `add-new-rows`: header rows and ONE body row that is the pattern of every data row the filer
 * adds (between minrowsize and maxrowsize), one extract row per data row.
 */
export const TAB_TYPES = ['normal', 'add-new-rows'] as const;
export type TabType = (typeof TAB_TYPES)[number];

/** Style classes a cell may carry (seed 001 §3); alignment classes are handsontable's. */
export const CELL_CLASSES = [
  'table-header', 'cell-input', 'cell-formula', 'cell-external', 'cell-disabled', 'bold',
  'htLeft', 'htCenter', 'htRight', 'indent-1', 'indent-2', 'indent-3', 'indent-4', 'indent-5',
] as const;

/** Precision and scale cap (seed 001 §9). */
export const MAX_PRECISION = 19;
/** Header rows and header columns each range 0 to 10 (seed 001 §5.1). */
export const MAX_HEADER = 10;
