// A record of a versioned module (the profile's tab definitions and business information rules,
// docs/re-profile.md) in the generic form, its list's form, with the saved versions below: who
// saved each, when, what changed, and Restore (Screen.history / version / restore, as the screen
// editors show them). A restore shows the form again from the restored values.
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useParams } from 'react-router-dom';
import FormPage from '../form/form-page';
import type { ShellKind } from '../app/screen-routes';
import { rpc } from '../rpc/rpc';
import { onDataChanged } from '../rpc/data-changed';
import { ScreenHistory } from './screen-history';

export default function VersionedRecordPage(props: { module: string; list: number; mode: 'view' | 'edit'; basePath: string; shell: ShellKind }): JSX.Element {
  const { data_id } = useParams();
  const id = Number(data_id);
  const [updatectr, setUpdatectr] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  // A save in the form (or a restore) moves the record's counter: read it again, so the history follows.
  const [reads, setReads] = useState(0);
  useEffect(() => onDataChanged(() => setReads((n) => n + 1)), []);
  useEffect(() => {
    let live = true;
    if (!Number.isInteger(id) || id < 1) return;
    rpc.select({ module: props.module, fields: ['id', 'updatectr'], where: [['id', '=', id]] }).then(
      (r) => live && setUpdatectr(r.rows[0] ? Number(r.rows[0].updatectr) : null),
      () => live && setUpdatectr(null),
    );
    return () => {
      live = false;
    };
  }, [props.module, id, round, reads]);
  const restored = useCallback(() => setRound((n) => n + 1), []);
  return (
    <>
      <FormPage key={round} listId={props.list} mode={props.mode} dataId={data_id} basePath={props.basePath} shell={props.shell} />
      {updatectr !== null && (
        <div className="container">
          <ScreenHistory module={props.module} id={id} updatectr={updatectr} onRestored={restored} />
        </div>
      )}
    </>
  );
}
