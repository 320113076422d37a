// What the public registration form needs from the server before anyone is signed in:
// REContact.registrationOptions answers the positions of list group 295 and the support mailbox
// (Parameters row SUPPORT_EMAIL) named in its success alert.
import { rpc } from '../rpc/rpc';

export const POSITION_GROUP = 295;

export interface Position {
  id: number;
  name: string;
}

export interface RegistrationOptions {
  positions: Position[];
  /** Empty when the regulator has not set one. */
  supportMailbox: string;
}

export async function loadRegistrationOptions(): Promise<RegistrationOptions> {
  const values = await rpc.call('REContact.registrationOptions');
  const rs = values[0];
  const positions = rs?.type === 'recordset' ? rs.rows.map((r) => ({ id: Number(r.id), name: String(r.name) })) : [];
  const support = values[1]?.type === 'text' ? values[1].text : '';
  return { positions, supportMailbox: support };
}
