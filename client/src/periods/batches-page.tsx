// /{re|iru}/batches: the Submissions list (list 49; seed 002 "Submissions"). The regulator's is
// titled RE Submissions; the entity's carries the Create New Forms button of seed 002 §6, shown
// only when RE.getAdhocList says the rule holds (canCreate). A created form reloads the list
// (seed 002 §8: "the page reloads"). A row opens the forms of its batch (/{shell}/batch/{id}).
import { useEffect, useState } from 'react';
import ListPage from '../list/list-page';
import { presentError } from '../rpc/error-presenter';
import { adhocList, type AdhocList } from './adhoc-api';
import { CreateFormsDialog } from './create-forms-dialog';

export default function BatchesPage({ shell }: { shell: 're' | 'iru' }) {
  const [list, setList] = useState<AdhocList | null>(null);
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (shell !== 're') return;
    let live = true;
    adhocList().then((l) => live && setList(l), (e) => void presentError(e));
    return () => {
      live = false;
    };
  }, [generation, shell]);
  return (
    <>
      {list?.canCreate && (
        <div className="toolbar period-create-forms">
          <button type="button" className="btn btn-primary" data-action="create-new-forms" onClick={() => setOpen(true)}>Create New Forms</button>
        </div>
      )}
      <ListPage
        key={`batches-${shell}-${generation}`}
        listId={49}
        basePath={`/${shell}/batches`}
        shell={shell}
        rowLink="/batch/[id]"
        title={shell === 'iru' ? 'RE Submissions' : undefined}
      />
      {open && list && (
        <CreateFormsDialog list={list} onClose={() => setOpen(false)} onCreated={() => { setOpen(false); setGeneration((g) => g + 1); }} />
      )}
    </>
  );
}
