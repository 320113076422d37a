import { describe, expect, it } from 'vitest';
import { editorMessage, editorMessages, messageText } from './editor-messages';

const say = (kind: Parameters<typeof editorMessage>[0], text: string) => messageText(editorMessage(kind, text));

describe("the editors' messages", () => {
  it("name the field by its label and say what to do, from the client's and the server's wording", () => {
    expect(say('WebListview', 'properties/controller/module must match pattern "^[A-Za-z][A-Za-z0-9_-]{0,80}$"')).toBe('Module: choose a module');
    expect(say('WebListview', 'properties/controller/module: no module named Nope')).toBe('Module: there is no module Nope; choose a module');
    expect(say('WebListview', 'properties/fields must NOT have fewer than 1 items')).toBe('Columns: add a column');
    expect(say('WebListview', 'properties/fields/2/width must be >= 20')).toBe('Column 3 width: must be at least 20');
    expect(say('WebListview', 'properties/fields/0/name: RE has no field nosuch')).toBe('Column 1 field: RE has no field nosuch; choose one of its fields');
    expect(say('WebListview', 'name is required')).toBe('Name: enter a name');
    expect(say('WebForms', 'properties/columns must be <= 4')).toBe('Fields per row: must be at most 4');
    expect(say('WebForms', 'module is required')).toBe('Module: choose a module');
    expect(say('WebList', 'properties/list_id/0/id: no list view 999')).toBe('View 1 list view: there is no list view 999; choose one that exists');
    expect(say('DashboardChart', 'data/rows/0/module must match pattern "^[A-Za-z]"')).toBe('Row 1 module: choose a module');
    expect(say('DashboardChart', 'data/rows/1/groupBy/month: FormBatch has no field x')).toBe('Row 2 group by date field: FormBatch has no field x; choose one of its fields');
    expect(say('DashboardChart', 'data/rows/0/label must NOT have fewer than 1 characters')).toBe('Row 1 label: enter a label');
  });

  it('keep each problem once when the client and the server both report it', () => {
    const list = editorMessages('WebListview', ['properties/controller/module must match pattern "x"', 'properties/controller/module must match pattern "x"', null, 'name is required']);
    expect(list.map(messageText)).toEqual(['Module: choose a module', 'Name: enter a name']);
    expect(list[0].key).toBe('controller/module');
  });
});
