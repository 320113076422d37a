// /re/batches: the entity's Submissions list (list 49) with the Create New Forms button of seed
// 002 §6, shown only when RE.getAdhocList says the rule holds (canCreate). A created form
// reloads the list (seed 002 §8: "the page reloads").
import { useEffect, useState } from 'react';
import ListPage from '../list/list-page';
import { presentError } from '../rpc/error-presenter';
import { adhocList, type AdhocList } from './adhoc-api';
import { CreateFormsDialog } from './create-forms-dialog';

export default function BatchesPage() {
  const [list, setList] = useState<AdhocList | null>(null);
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    adhocList().then((l) => live && setList(l), (e) => void presentError(e));
    return () => {
      live = false;
    };
  }, [generation]);
  return (
    <>
      {list?.canCreate && (
        <div className="toolbar period-create-forms">
          <button type="button" className="btn btn-primary" data-action="create-new-forms" onClick={() => setOpen(true)}>Create New Forms</button>
        </div>
      )}
      <ListPage key={`batches-${generation}`} listId={49} basePath="/re/batches" shell="re" />
      {open && list && (
        <CreateFormsDialog list={list} onClose={() => setOpen(false)} onCreated={() => { setOpen(false); setGeneration((g) => g + 1); }} />
      )}
    </>
  );
}
