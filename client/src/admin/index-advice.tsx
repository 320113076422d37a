// Under the list view editor's preview: the index each select the draft makes when it opens
// needs and its table lacks (Screen.indexAdvice, the derivation the plan test holds shipped
// views to), so an administrator's new list view is not silently slow. Asked again, half a
// second after the draft stops changing; a draft the schema refuses says nothing here (the
// editor already says why).
import { useEffect, useState } from 'react';
import { rpc } from '../rpc/rpc';

interface Advice {
  caller: string;
  module: string;
  table: string;
  index: string | null;
  reason: string;
}

export function IndexAdvice({ propertiesKey }: { propertiesKey: string }) {
  const [advice, setAdvice] = useState<Advice[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      rpc.call('Screen.indexAdvice', { properties: JSON.parse(propertiesKey) as unknown }).then(
        (values) => live && setAdvice(values[0]?.type === 'recordset' ? (values[0].rows as unknown as Advice[]) : []),
        () => live && setAdvice([]),
      );
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [propertiesKey]);
  if (!advice.length) return null;
  return (
    <div className="editor-advice" role="status" data-testid="index-advice">
      <h3>This list would sort its rows on every page</h3>
      <ul>
        {advice.map((a) => (
          <li key={`${a.caller}-${a.module}`} data-caller={a.caller}>
            <strong>{a.caller === 're' ? `RE users (${a.module})` : `Staff (${a.module})`}</strong>
            {a.index && (
              <>
                : needs an index on <code>{`${a.table} (${a.index})`}</code>
              </>
            )}
            . {a.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
