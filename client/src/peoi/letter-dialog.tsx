// The show-cause letter dialog (seed 003 §2.7, §5, §9; 640 px): the entity's office addresses
// (RE.getDetailsOfOffice) each with a Send Via, a section (parameter 19), a PEOI officer
// (parameter 16) and cc entries (parameter 17). Generate checks in the seed's order and words,
// then PEOI.generateLetter marks the case and answers the SHOWCAUSE PDF address, opened in a new
// window. The server checks the same again.
import { useEffect, useRef, useState } from 'react';
import { rpc, textAt, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { PEOI_MESSAGES, SEND_VIA } from './peoi-format';

interface Officer { name: string; position?: string; email: string }
interface Cc { no: number; name: string; by?: string }

function jsonList<T>(value: unknown): T[] {
  try {
    const v: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

export function LetterDialog({ caseId, re, onClose }: { caseId: number; re: number; onClose: () => void }) {
  const [offices, setOffices] = useState<Row[] | null>(null);
  const [officers, setOfficers] = useState<Officer[]>([]);
  const [ccList, setCcList] = useState<Cc[]>([]);
  const [sections, setSections] = useState<string[]>([]);
  const [picked, setPicked] = useState<Record<number, string | null>>({});
  const [section, setSection] = useState('');
  const [officer, setOfficer] = useState('');
  const [cc, setCc] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const values = await rpc.call('RE.getDetailsOfOffice' as string, { re } as never);
        const rows = values[0]?.type === 'recordset' ? (values[0].rows as Row[]) : [];
        if (!rows.length) {
          await dialogs.alert(PEOI_MESSAGES.noOffice, PEOI_MESSAGES.noOfficeText, 'error');
          if (live) close.current();
          return;
        }
        const { rows: params } = await rpc.select({ module: 'Parameters', fields: ['id', 'value0'], where: [['id', 'in', [16, 17, 19]]] });
        const value = (id: number) => params.find((p) => Number(p.id) === id)?.value0;
        if (!live) return;
        setOffices(rows);
        setOfficers(jsonList<Officer>(value(16)).filter((o) => o.email));
        setCcList(jsonList<Cc>(value(17)).map((c, i) => ({ ...c, no: Number(c.no ?? i + 1) })));
        setSections(jsonList<{ section: string }>(value(19)).map((s) => s.section).filter(Boolean));
      } catch (e) {
        await presentError(e);
        if (live) close.current();
      }
    })();
    return () => {
      live = false;
    };
  }, [re]);

  useEffect(() => first.current?.focus(), [offices]);

  async function generate() {
    const chosen = Object.entries(picked).filter(([, v]) => v !== null).map(([office, sendvia]) => ({ office: Number(office), sendvia: sendvia ?? '' }));
    if (!chosen.length) return dialogs.alert('Error', PEOI_MESSAGES.address, 'error');
    if (chosen.some((a) => !a.sendvia)) return dialogs.alert('Error', PEOI_MESSAGES.sendVia, 'error');
    if (!section) return dialogs.alert('Error', PEOI_MESSAGES.section, 'error');
    if (!officer) return dialogs.alert('Error', PEOI_MESSAGES.officer, 'error');
    setBusy(true);
    try {
      const values = await rpc.call('PEOI.generateLetter' as string, { id: caseId, addresses: chosen, section, officer, cc } as never);
      window.open(textAt(values, 1), '_blank', 'noopener');
      onClose();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  if (!offices) return null;
  return (
    <div className="letter-dialog-backdrop" role="presentation" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="letter-dialog" role="dialog" aria-modal="true" aria-labelledby="letter-title" data-dialog="letter">
        <h2 id="letter-title">Generate Show Cause Letter</h2>
        <table>
          <thead><tr><th /><th>Address</th><th>Send Via</th></tr></thead>
          <tbody>
            {offices.map((o, i) => {
              const id = Number(o.id);
              const on = picked[id] !== undefined && picked[id] !== null;
              return (
                <tr key={id} data-office={id}>
                  <td><input ref={i === 0 ? first : undefined} type="checkbox" aria-label={`Address ${i + 1}`} checked={on} onChange={(e) => setPicked((p) => ({ ...p, [id]: e.target.checked ? '' : null }))} /></td>
                  <td>{[o.typeoffice, o.address, [o.postcode, o.city].filter(Boolean).join(' '), o.statename, o.country].filter(Boolean).map(String).join(', ')}</td>
                  <td>
                    <select aria-label={`Send Via ${i + 1}`} disabled={!on} value={picked[id] ?? ''} onChange={(e) => setPicked((p) => ({ ...p, [id]: e.target.value }))}>
                      <option value="">Select</option>
                      {SEND_VIA.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <label>
          Section
          <select name="section" value={section} onChange={(e) => setSection(e.target.value)}>
            <option value="">Select section</option>
            {sections.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label>
          PEOI Officer
          <select name="officer" value={officer} onChange={(e) => setOfficer(e.target.value)}>
            <option value="">Select PEOI Officer</option>
            {officers.map((o) => <option key={o.email} value={o.email}>{o.name}{o.position ? `, ${o.position}` : ''}</option>)}
          </select>
        </label>
        <div className="cc">
          cc
          {ccList.map((c) => (
            <label key={c.no}>
              <input type="checkbox" checked={cc.includes(c.no)} onChange={(e) => setCc((x) => (e.target.checked ? [...x, c.no] : x.filter((n) => n !== c.no)))} />
              {c.name}{c.by ? ` (${c.by})` : ''}
            </label>
          ))}
        </div>
        <div className="toolbar">
          <button type="button" className="btn btn-primary" name="generate" disabled={busy} onClick={() => void generate()}>Generate</button>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
        </div>
      </div>
    </div>
  );
}
