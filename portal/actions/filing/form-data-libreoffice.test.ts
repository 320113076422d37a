// The demo forms as filed through the protocol, on every dialect, against LibreOffice: every input
// of a form of each demo template saved with Form.saveData (four lines on the add-new-rows
// register), then every formula value Form.getData answers compared with what LibreOffice headless
// computes from the same stored inputs and the Excel export's formulas (docs/form-templates.md,
// "Checked against LibreOffice"), rounded to the cell's scale as the form stores it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { storedResult } from '../../filing/cell-values.js';
import { demoTemplates } from '../../filing/demo-templates.js';
import { filedTemplate, listValuesFor, readFormRow } from '../../filing/form-data.js';
import { FormWorkbook, type FormValues } from '../../filing/formula-engine.js';
import { normaliseTemplate } from '../../filing/normalise.js';
import { dataCells } from '../../filing/template-grid.js';
import type { Cell } from '../../filing/template-schema.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { seeded } from '../../../portal/testing/formula-corpus.js';
import { FormulaXlsx, type SheetCell } from '../../../portal/testing/formula-xlsx.js';
import { recalculate, sofficePath } from '../../../engine/testing/libreoffice.js';
import { ok, readBack } from '../../../engine/testing/record-calls.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';

const skipLibreOffice = !sofficePath() && !process.env.CI;
if (skipLibreOffice) console.warn('LibreOffice (soffice) is not installed: the filed demo forms are not compared with LibreOffice. Install libreoffice-calc-nogui to run it.');

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const LINES = 4;

interface FiledCell {
  tab: string;
  address: string;
  code: string;
  type: string;
  value: string | null;
  readonly: boolean;
}

/** A value a filer could type into the cell (non-negative: the demo validations ask for it). */
function typed(cell: Cell, rnd: () => number, list: readonly string[] | undefined): string {
  const int = (n: number) => Math.floor(rnd() * n);
  switch (cell.editor) {
    case 'numeric':
    case 'currency': {
      const scale = cell.editor === 'currency' ? 2 : (cell.scale ?? 0);
      return (int(5_000_000) / 10 ** scale).toFixed(scale);
    }
    case 'date':
      return `${String(1 + int(28)).padStart(2, '0')}-${String(1 + int(12)).padStart(2, '0')}-20${20 + int(8)}`;
    case 'time':
      return `${String(int(24)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')}`;
    case 'dropdown':
      return list?.[int(list.length)] ?? '';
    default:
      return ['Ernst & Young', 'Łódź branch', 'PwC'][int(3)];
  }
}

describe.skipIf(skipLibreOffice).each(await testDialects())('the demo forms filed on %s, against LibreOffice', (dialect) => {
  let t: TestEngine;
  let preparer: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    preparer = await t.sessionFor('preparer');
  });
  afterAll(async () => t?.close());

  async function newForm(code: string): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `LibreOffice ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  const getData = async (form: number) => rows(await t.call('Form.getData', [{ form }], preparer)) as unknown as FiledCell[];

  /** Fills every input of a new form of the demo template; answers Form.getData's cells after. */
  async function filed(code: string, seed: number): Promise<FiledCell[]> {
    const form = await newForm(code);
    const template = normaliseTemplate(demoTemplates().find((d) => d.code === code)!.properties, demoTemplates().find((d) => d.code === code)!.itemcode);
    const lines = Object.fromEntries(template.items.filter((tab) => tab.type === 'add-new-rows').map((tab) => [tab.id, LINES]));
    let ctr = 1;
    const lists = await listValuesFor(t.database.db, (await filedTemplate(t.database.db, await readFormRow(t.database.db, form))).layout);
    const byCode = new Map(dataCells(template).map((p) => [p.cell.code, p.cell]));
    const repeats = new Set(dataCells(template).filter((p) => p.tab.type === 'add-new-rows' && p.section === 'body').map((p) => p.cell.code));
    const rnd = seeded(seed);
    // A fresh form shows one line of an add-new-rows tab: the lines below it are the next rows down.
    let writes = (await getData(form))
      .filter((c) => !c.readonly && c.type !== 'formula')
      .flatMap((c) => {
        const cell = byCode.get(c.code)!;
        const [, column, row] = /^([A-Z]+)(\d+)$/.exec(c.address)!;
        return Array.from({ length: repeats.has(c.code) ? LINES : 1 }, (_, r) => ({ tab: c.tab, address: `${column}${Number(row) + r}`, value: typed(cell, rnd, cell.listgroup ? lists(cell.listgroup) : undefined) }));
      });
    for (let attempt = 0; attempt < 2 && writes.length; attempt++) {
      const values = await t.call('Form.saveData', [{ form, updatectr: ctr, cells: writes, rows: lines }], preparer);
      if (values[0]?.type === 'recordset') {
        ctr = Number(recordsetObjects(values[0])[0].updatectr);
        break;
      }
      // A cell its disable condition turns off by the values written is left empty.
      const details = values[1]?.type === 'text' ? (JSON.parse(values[1].text) as Record<string, string>) : {};
      writes = writes.filter((w) => !(`${w.tab}!${w.address}` in details));
    }
    return getData(form);
  }

  it('Form.getData answers every formula of every demo form as LibreOffice computes it from the export\'s formulas', async () => {
    const file = new FormulaXlsx();
    const parts: { code: string; cells: FiledCell[]; wb: FormWorkbook; at: Map<string, SheetCell>; byCode: Map<string, Cell> }[] = [];
    for (const [i, demo] of demoTemplates().entries()) {
      const cells = await filed(demo.code, 300 + i);
      const template = normaliseTemplate(demo.properties, demo.itemcode);
      // The stored inputs, by code (a list per add-new-rows cell, in Form.getData's row order).
      const values: FormValues = {};
      const repeats = new Set(dataCells(template).filter((p) => p.tab.type === 'add-new-rows' && p.section === 'body').map((p) => p.cell.code));
      for (const c of cells) {
        if (c.type === 'formula') continue;
        if (repeats.has(c.code)) ((values[c.code] ??= []) as (string | null)[]).push(c.value);
        else values[c.code] = c.value;
      }
      expect(Object.values(values).flat().filter((v) => v !== null).length, demo.code).toBeGreaterThan(3);
      const wb = FormWorkbook.build(template, { values });
      parts.push({ code: demo.code, cells, wb, at: file.add(wb, values, `${demo.code} `), byCode: new Map(dataCells(template).map((p) => [p.cell.code!, p.cell])) });
    }
    const libre = await recalculate(await file.buffer(), { timeoutMs: 240_000 });
    const wrong: string[] = [];
    let compared = 0;
    for (const part of parts) {
      const seen = new Map<string, number>();
      for (const c of part.cells) {
        if (c.type !== 'formula') continue;
        const row = seen.get(c.code) ?? 0;
        seen.set(c.code, row + 1);
        const at = part.at.get(c.code) ?? part.at.get(`${c.code}#${row}`)!;
        const lo = libre.get(at.sheet)?.get(at.address);
        const expected = typeof lo === 'number' ? storedResult(part.byCode.get(c.code)!, lo) : { ok: false as const, message: String(JSON.stringify(lo)) };
        compared++;
        if (!expected.ok || expected.value !== c.value) wrong.push(`${part.code} ${c.tab}!${c.address} (${c.code}) =${at.formula}: Form.getData ${c.value}, LibreOffice ${expected.ok ? expected.value : expected.message}`);
      }
      part.wb.destroy();
    }
    // BNK-01 4, INS-03 4, TRC-02 two totals and one value per line.
    expect(compared).toBe(4 + 4 + 2 + LINES);
    expect(wrong).toEqual([]);
  });
});
