// The editors' problems in words (docs/screens.md, Messages): a schema or name-check problem as the
// client's validator or the server words it (`properties/controller/module must match pattern
// "…"`, `data/rows/0/module: no module named X`, `name is required`) becomes the label of the
// field it is about and a sentence (`Module: choose a module`), keyed by its path so that each is
// shown once, beside its field.
export type EditorKind = 'WebListview' | 'WebList' | 'WebForms' | 'DashboardChart';

export interface EditorMessage {
  /** The path without its root (`controller/module`, `fields/0/width`, `name`, `rows/0/module`). */
  key: string;
  label: string;
  sentence: string;
  /** The problem as it was worded, for those who read paths. */
  raw: string;
}

interface Place {
  label: string;
  /** What a missing or malformed value asks for: `choose a module`, `enter a name`. */
  ask?: string;
  /** A list that must hold one: `add a column`. */
  add?: string;
}

type Rule = [RegExp, (m: RegExpExecArray) => Place];

const nth = (i: string) => Number(i) + 1;

/** Sub-fields of list rows, by their last path segment. */
const PART: Record<string, Place> = {
  name: { label: 'field', ask: 'choose a field' },
  title: { label: 'title', ask: 'enter a title' },
  width: { label: 'width' },
  type: { label: 'type', ask: 'choose a type' },
  label: { label: 'label', ask: 'enter a label' },
  link: { label: 'link', ask: 'enter a link starting with /' },
  helper: { label: 'helper', ask: 'choose a helper' },
  id: { label: 'list view', ask: 'choose a list view' },
  module: { label: 'module', ask: 'choose a module' },
  color: { label: 'colour', ask: 'choose a colour' },
  field: { label: 'field', ask: 'choose a field' },
  month: { label: 'date field', ask: 'choose a date field' },
  lookup: { label: 'lookup field', ask: 'choose a lookup field' },
  where: { label: 'where conditions' },
  permission: { label: 'permission', ask: 'enter a permission as Module.action' },
};

const part = (whole: string, rest: string | undefined): Place => {
  if (!rest) return { label: whole };
  const segments = rest.split('/').filter(Boolean);
  const known = [...segments].reverse().find((s) => PART[s]);
  const p = known ? PART[known] : { label: segments.join(' ') };
  return { ...p, label: `${whole} ${p.label}` };
};

const COMMON: Rule[] = [
  [/^name$/, () => ({ label: 'Name', ask: 'enter a name' })],
];

const RULES: Record<EditorKind, Rule[]> = {
  WebListview: [
    [/^weblist$/, () => ({ label: 'WebList', ask: 'choose a list' })],
    [/^controller\/module$/, () => ({ label: 'Module', ask: 'choose a module' })],
    [/^module_alias$/, () => ({ label: 'Module for RE users', ask: 'choose a module' })],
    [/^controller\/order$/, () => ({ label: 'Order' })],
    [/^controller\/max$/, () => ({ label: 'Rows a page' })],
    [/^controller\/where(\/.*)?$/, () => ({ label: 'Always where' })],
    [/^fields$/, () => ({ label: 'Columns', add: 'add a column' })],
    [/^fields\/(\d+)(\/.*)?$/, (m) => part(`Column ${nth(m[1])}`, m[2])],
    [/^filters\/(\d+)(\/.*)?$/, (m) => part(`Filter ${nth(m[1])}`, m[2])],
    [/^searchFields(\/\d+)?$/, () => ({ label: 'Search fields', ask: 'name fields of the module' })],
  ],
  WebList: [
    [/^module$/, () => ({ label: 'Module', ask: 'choose a module' })],
    [/^title$/, () => ({ label: 'Title' })],
    [/^form$/, () => ({ label: 'Form', ask: 'choose a form' })],
    [/^onload$/, () => ({ label: 'On load', ask: 'choose a helper' })],
    [/^list_id$/, () => ({ label: 'List views', add: 'add a list view' })],
    [/^list_id\/(\d+)\/buttons\/(\d+)(\/.*)?$/, (m) => part(`View ${nth(m[1])} button ${nth(m[2])}`, m[3])],
    [/^list_id\/(\d+)\/name$/, (m) => ({ label: `View ${nth(m[1])} name`, ask: 'enter a name' })],
    [/^list_id\/(\d+)(\/.*)?$/, (m) => part(`View ${nth(m[1])}`, m[2])],
    [/^buttons\/(\d+)(\/.*)?$/, (m) => part(`Button ${nth(m[1])}`, m[2])],
  ],
  WebForms: [
    [/^module$/, () => ({ label: 'Module', ask: 'choose a module' })],
    [/^fields$/, () => ({ label: 'Fields', add: 'add a field' })],
    [/^fields\/(\d+)\/attributes\/name$/, (m) => ({ label: `Field ${nth(m[1])} name`, ask: 'choose a field' })],
    [/^fields\/(\d+)\/config\/width$/, (m) => ({ label: `Field ${nth(m[1])} width` })],
    [/^fields\/(\d+)\/relation(\/.*)?$/, (m) => part(`Field ${nth(m[1])} relation`, m[2])],
    [/^fields\/(\d+)(\/.*)?$/, (m) => part(`Field ${nth(m[1])}`, m[2])],
    [/^columns$/, () => ({ label: 'Fields per row' })],
    [/^moduleAlias$/, () => ({ label: 'Module for RE users', ask: 'choose a module' })],
    [/^buttons\/(\d+)(\/.*)?$/, (m) => part(`Button ${nth(m[1])}`, m[2])],
    [/^list$/, () => ({ label: 'List after saving', ask: 'choose a list' })],
  ],
  DashboardChart: [
    [/^name$/, () => ({ label: 'Title', ask: 'enter a title' })],
    [/^type$/, () => ({ label: 'Type', ask: 'choose a type' })],
    [/^rows$/, () => ({ label: 'Data rows', add: 'add a data row' })],
    [/^rows\/(\d+)\/groupBy(\/.*)?$/, (m) => part(`Row ${nth(m[1])} group by`, m[2] ?? '/lookup')],
    [/^rows\/(\d+)\/where(\/.*)?$/, (m) => ({ label: `Row ${nth(m[1])} where conditions` })],
    [/^rows\/(\d+)(\/.*)?$/, (m) => part(`Row ${nth(m[1])}`, m[2])],
  ],
};

/** The path (without `properties/` or `data/`) and the words after it. */
export function splitProblem(text: string): { path: string; detail: string } {
  const m = /^([\w/-]*?)(?::\s+|\s+)(.*)$/s.exec(text.trim());
  const path = (m?.[1] ?? '').replace(/^(properties|data)(\/|$)/, '');
  return { path, detail: m?.[2] ?? text };
}

function sentence(detail: string, place: Place): string {
  let m: RegExpExecArray | null;
  if (/^(must match pattern|must NOT have fewer than 1 characters|is required|must have required property|must be string)/.test(detail) && place.ask) return place.ask;
  if (/^must have required property '(\w+)'/.test(detail)) return `${place.ask ?? 'fill it in'}`;
  if (/^must NOT have fewer than 1 items/.test(detail)) return place.add ?? 'add at least one';
  if ((m = /^must NOT have more than (\d+) items/.exec(detail))) return `at most ${m[1]}`;
  if ((m = /^must NOT have more than (\d+) characters/.exec(detail))) return `at most ${m[1]} characters`;
  if ((m = /^must be >= (-?\d+)/.exec(detail))) return `must be at least ${m[1]}`;
  if ((m = /^must be <= (-?\d+)/.exec(detail))) return `must be at most ${m[1]}`;
  if (/^must be integer/.test(detail)) return 'must be a whole number';
  if (/^must be number/.test(detail)) return 'must be a number';
  if (/^must be boolean/.test(detail)) return 'must be yes or no';
  if (/^must be equal to one of the allowed values|^must match a schema in anyOf|^must match exactly one schema/.test(detail)) return place.ask ?? 'choose one of the offered values';
  if ((m = /^must NOT have additional properties "?([^"]*)"?/.exec(detail))) return `${m[1]} is not a setting here; remove it in Raw JSON`;
  if ((m = /^no module named (.+)$/.exec(detail))) return `there is no module ${m[1]}; choose a module`;
  if ((m = /^(\S+) has no field (.+)$/.exec(detail))) return `${m[1]} has no field ${m[2]}; choose one of its fields`;
  if ((m = /^no (list view|form|list) (\d+)$/.exec(detail))) return `there is no ${m[1]} ${m[2]}; choose one that exists`;
  if ((m = /^Function not provided: (.+)$/.exec(detail))) return `there is no helper ${m[1]}; choose one of the helpers`;
  return detail;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One problem in words. */
export function editorMessage(kind: EditorKind, text: string): EditorMessage {
  const { path, detail } = splitProblem(text);
  for (const [re, place] of [...COMMON.filter(() => kind !== 'DashboardChart'), ...RULES[kind]]) {
    const m = re.exec(path);
    if (m) {
      const p = place(m);
      return { key: path, label: capitalised(p.label), sentence: sentence(detail, p), raw: text };
    }
  }
  return { key: path, label: path ? capitalised(path.replace(/\//g, ' ')) : 'Definition', sentence: sentence(detail, { label: path }), raw: text };
}

/** Problems in words, each once (the client's and the server's wording of one problem count as one). */
export function editorMessages(kind: EditorKind, texts: (string | null | undefined)[]): EditorMessage[] {
  const out: EditorMessage[] = [];
  for (const t of texts) {
    if (!t) continue;
    const m = editorMessage(kind, t);
    if (!out.some((o) => o.key === m.key && o.sentence === m.sentence)) out.push(m);
  }
  return out;
}

/** `Module: choose a module`. */
export const messageText = (m: EditorMessage) => `${m.label}: ${m.sentence}`;
