// What the bulletin screens read and write, in one place: the modules by login type, the
// sectors, a page of the IRU list with its sector names, and the save/e-mail actions.
import { rpc, type Row } from '../rpc/rpc';

export const BULLETIN_FIELDS = ['id', 'updatectr', 'name', 'message', 'startdate', 'enddate', 'state', 'state_name_ind_field', 'sectorcount', 'createon', 'createby_name_ind_field'];
/** What Bulletin.emailCheck's answer is told as, on the edit and the detail page. */
export const EMAIL_SENT = 'Email successfully sent.';
export const EMAIL_NOT_SENT = 'Did not send email. Bulletin is not active?';

export const ATTACHMENTS = { module: 'Bulletin_Reference', key: 'fk_bulletin' } as const;

export interface Sector {
  id: number;
  name: string;
}

export async function loadSectors(): Promise<Sector[]> {
  const { rows } = await rpc.select({ module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 1000 });
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') }));
}

/** Sector ids of each bulletin (link rows of Bulletin_Sector). */
export async function sectorsOf(bulletins: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!bulletins.length) return out;
  const { rows } = await rpc.select({ module: 'Bulletin_Sector', fields: ['link_fk_bulletin', 'link_fk_sector'], where: [['link_fk_bulletin', 'in', bulletins]], max: 1000 });
  for (const r of rows) {
    const b = Number(r.link_fk_bulletin);
    out.set(b, [...(out.get(b) ?? []), Number(r.link_fk_sector)]);
  }
  return out;
}

/** One bulletin as the caller may read it (RE users: RE-Bulletin, whose scope the server applies); null when out of reach. */
export async function loadBulletin(id: number, re: boolean): Promise<Row | null> {
  const { rows } = await rpc.select({ module: re ? 'RE-Bulletin' : 'Bulletin', fields: BULLETIN_FIELDS, where: [['id', '=', id]], max: 1 });
  return rows[0] ?? null;
}

export interface SaveInput {
  id?: number;
  updatectr?: number;
  name: string;
  message: string;
  startdate: string;
  enddate: string;
  state: number;
  sectors: number[];
}

/** Bulletin.save: the bulletin and its sectors in one transaction; answers id and updatectr. */
export async function saveBulletin(input: SaveInput): Promise<{ id: number; updatectr: number }> {
  const values = await rpc.call('Bulletin.save', input);
  const set = values[0];
  if (set?.type !== 'recordset') throw new Error('Bulletin.save answered no record');
  const row = set.rows[0] as Row;
  return { id: Number(row.id), updatectr: Number(row.updatectr) };
}

/** Bulletin.emailCheck: true when the mail was queued. */
export async function emailBulletin(id: number, force: boolean): Promise<boolean> {
  return (await rpc.text('Bulletin.emailCheck', force ? { id, force: 'true' } : { id })) === 'true';
}
