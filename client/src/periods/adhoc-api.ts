// RE.getAdhocList and RE.createAdhocForm (docs/filing-periods.md "Ad hoc forms") as the Create
// New Forms dialog calls them.
import { rpc, textAt } from '../rpc/rpc';
import type { PeriodChoice } from '../../../portal/filing/adhoc-periods.js';

export interface AdhocList {
  codes: { code: string; name: string; months: PeriodChoice[] }[];
  years: number[];
  canCreate: boolean;
}

export async function adhocList(): Promise<AdhocList> {
  const values = await rpc.call('RE.getAdhocList');
  return JSON.parse(textAt(values, 0) || '{"codes":[],"years":[],"canCreate":false}') as AdhocList;
}

/** Answers the server's success text. */
export async function createAdhocForm(code: string, month: number, year: number): Promise<string> {
  const values = await rpc.call('RE.createAdhocForm', { code, month, year });
  return textAt(values, 1);
}
