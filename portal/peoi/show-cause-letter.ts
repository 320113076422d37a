// The show-cause letter (seed 003 §2.7, §3, §7 "Letter PDF"): what the letter dialog sends, how
// PEOI.generateLetter checks it, the /out/SHOWCAUSE.pdf address it answers, and the print values
// the SHOWCAUSE report reads back from that address. Every value of the address is checked again
// against the stored data when printing (the entity's own offices, parameters 16, 17 and 19),
// so an address edited by hand prints nothing that was not offered.
import type { Knex } from 'knex';
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { sqlDate } from '../../engine/db/clock.js';
import { displayText } from '../../engine/reports/display.js';
import { LETTER_PARAMETERS, PEOI_MESSAGES as M, SEND_VIA } from './peoi-rules.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Reads the offices of the entity of an Issued case the PEOI officer reached through the record engine, to check and print its show-cause letter');

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

export interface Officer { name: string; position: string; unit: string; department: string; email: string }
export interface CcEntry { no: number; name: string; by: string }
export interface LetterParameters { officers: Officer[]; cc: CcEntry[]; sections: string[] }

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

function jsonList(value: unknown): Row[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.filter((x): x is Row => typeof x === 'object' && x !== null) : [];
  } catch {
    return [];
  }
}

/** Parameters 16 (PEOI officers), 17 (cc list) and 19 (sections), as the regulator keeps them. */
export async function letterParameters(db: Db): Promise<LetterParameters> {
  const rows = (await db('parameters').whereIn('id', Object.values(LETTER_PARAMETERS)).select('id', 'value0')) as Row[];
  const value = (id: number) => rows.find((r) => Number(r.id) === id)?.value0;
  return {
    officers: jsonList(value(LETTER_PARAMETERS.officers)).map((o) => ({ name: str(o.name), position: str(o.position), unit: str(o.unit), department: str(o.department), email: str(o.email) })).filter((o) => o.email),
    cc: jsonList(value(LETTER_PARAMETERS.cc)).map((c, i) => ({ no: Number(c.no ?? i + 1), name: str(c.name), by: str(c.by) })).filter((c) => c.name),
    sections: jsonList(value(LETTER_PARAMETERS.sections)).map((s) => str(s.section)).filter(Boolean),
  };
}

export interface LetterChoice {
  addresses: { office: number; sendvia?: string | null }[];
  section?: string | null;
  officer?: string | null;
  cc?: number[];
}

/** An entity's offices (the letter's possible addressees), in the order they were entered. */
export async function officesOf(db: Db, re: number): Promise<Row[]> {
  return db('re_office').where({ re }).orderBy('id').select('id', 'typeoffice', 'address', 'city', 'postcode', 'statename', 'country');
}

/** Seed 003 §5's checks of the letter dialog, in its order, with its messages. */
export async function checkLetterChoice(db: Db, re: number, choice: LetterChoice, params: LetterParameters): Promise<void> {
  const offices = await officesOf(db, re);
  if (!offices.length) throw new AppError('E_NOTFOUND', M.noOffice, { reason: M.noOfficeText });
  if (!choice.addresses.length) throw new AppError('E_VALIDATION', M.address, { addresses: M.address });
  if (choice.addresses.some((a) => !Object.hasOwn(SEND_VIA, str(a.sendvia)))) throw new AppError('E_VALIDATION', M.sendVia, { sendvia: M.sendVia });
  if (!str(choice.section)) throw new AppError('E_VALIDATION', M.section, { section: M.section });
  if (!str(choice.officer)) throw new AppError('E_VALIDATION', M.officer, { officer: M.officer });
  const ids = new Set(offices.map((o) => Number(o.id)));
  if (choice.addresses.some((a) => !ids.has(a.office))) throw errors.validation({ addresses: 'names an office that is not one of the entity\'s' });
  if (!params.sections.includes(str(choice.section))) throw errors.validation({ section: 'is not one of the sections of parameter 19' });
  if (!params.officers.some((o) => o.email === str(choice.officer))) throw errors.validation({ officer: 'is not one of the PEOI officers of parameter 16' });
  const nos = new Set(params.cc.map((c) => c.no));
  if ((choice.cc ?? []).some((n) => !nos.has(n))) throw errors.validation({ cc: 'names an entry that is not in the cc list of parameter 17' });
}

/** The seed's letter address: GET /out/SHOWCAUSE.pdf with addr, send, section, peoinameemail, ccno and WHERE on the case. */
export function letterUrl(id: number, choice: LetterChoice): string {
  const q = new URLSearchParams({
    action: 'report.print',
    report: 'SHOWCAUSE',
    format: 'pdf',
    addr: choice.addresses.map((a) => a.office).join(','),
    send: choice.addresses.map((a) => str(a.sendvia)).join(','),
    section: str(choice.section),
    peoinameemail: str(choice.officer),
    ccno: (choice.cc ?? []).join(','),
    WHERE: `id=${id}`,
  });
  return `/out/SHOWCAUSE.pdf?${q.toString()}`;
}

/** The `$` values the SHOWCAUSE template may use besides the standard ones. */
export const LETTER_VALUE_NAMES = ['$reference', '$letterDate', '$addressBlock', '$section', '$officerName', '$officerPosition', '$officerUnit', '$officerDepartment', '$officerEmail', '$ccList'];

function one(query: Row, name: string): string {
  const v = query[name];
  if (v === undefined) return '';
  if (typeof v !== 'string') throw errors.badRequest(`${name} must be given once`);
  return v.trim();
}

const list = (s: string) => (s ? s.split(',').map((x) => x.trim()) : []);

/** Reads the letter's choice back from the print address and checks it as PEOI.generateLetter did. */
export async function letterValues(db: Db, record: Row, query: Row): Promise<Record<string, string>> {
  const re = Number(record.re);
  const addr = list(one(query, 'addr'));
  const send = list(one(query, 'send'));
  if (addr.length !== send.length || addr.some((a) => !/^\d{1,10}$/.test(a))) throw errors.badRequest('addr and send must list as many offices as Send Via choices');
  const ccno = list(one(query, 'ccno'));
  if (ccno.some((c) => !/^\d{1,6}$/.test(c))) throw errors.badRequest('ccno must list cc entry numbers');
  const choice: LetterChoice = {
    addresses: addr.map((a, i) => ({ office: Number(a), sendvia: send[i] })),
    section: one(query, 'section'),
    officer: one(query, 'peoinameemail'),
    cc: ccno.map(Number),
  };
  const params = await letterParameters(db);
  try {
    await checkLetterChoice(db, re, choice, params);
  } catch (e) {
    throw errors.badRequest(`The letter's parameters are not valid: ${(e as Error).message}`);
  }
  const offices = new Map((await officesOf(db, re)).map((o) => [Number(o.id), o]));
  const blocks = choice.addresses.map(({ office, sendvia }) => {
    const o = offices.get(office)!;
    const town = [str(o.postcode), str(o.city)].filter(Boolean).join(' ');
    return [SEND_VIA[str(sendvia)].toUpperCase(), str(o.address), town, str(o.statename), str(o.country)].filter(Boolean).join('\n');
  });
  const officer = params.officers.find((o) => o.email === choice.officer)!;
  const cc = params.cc.filter((c) => choice.cc!.includes(c.no)).map((c) => `${c.no}. ${c.name}${c.by ? ` (by ${c.by})` : ''}`);
  // The case's own letter reference, else one made of the case id and the year.
  const reference = str(record.refletter) || `PEOI/${String(record.id)}/${sqlDate().slice(0, 4)}`;
  return {
    $reference: reference,
    $letterDate: displayText(sqlDate(), 'date'),
    $addressBlock: blocks.join('\n\n'),
    $section: str(choice.section),
    $officerName: officer.name,
    $officerPosition: officer.position,
    $officerUnit: officer.unit,
    $officerDepartment: officer.department,
    $officerEmail: officer.email,
    $ccList: cc.join('\n'),
  };
}
