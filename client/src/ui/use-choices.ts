// The choices of a select read from the server: reloaded when `deps` change, cleared when `load`
// answers null (nothing to choose from yet), and a late answer for old deps is dropped.
import { useEffect, useState } from 'react';
import { presentError } from '../rpc/error-presenter';
import type { Choice } from './labelled-fields';

export function useChoices(load: () => Promise<Choice[]> | null, deps: unknown[]): Choice[] {
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    const p = load();
    if (!p) {
      setChoices([]);
      return;
    }
    let live = true;
    p.then((c) => live && setChoices(c)).catch((e) => void presentError(e));
    return () => {
      live = false;
    };
  }, deps);
  return choices;
}
