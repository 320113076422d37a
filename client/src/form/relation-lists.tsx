// Parent/child relation lists under a record (seed 001 §2.7; seed 000 §2.9): the child's list,
// embedded and filtered by the parent, and an add button that opens the child's create page in
// a new tab with parent_id, relation, col, pmodule and isTab=true (form-address.ts).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadWebList } from '../metadata/screens';
import { shellPrefix, type ShellKind } from '../app/screen-routes';
import { hasPermission, type LoginInfo } from '../session/session-store';
import type { RelationModel } from './form-schema';
import { relationCreateUrl, relationPermission } from './form-address';

const ListPage = lazy(() => import('../list/list-page'));

function RelationList({ relation, parentId, shell, user }: { relation: RelationModel; parentId: number | string; shell: ShellKind; user: LoginInfo | null }) {
  const [childForm, setChildForm] = useState<number | null>(null);
  // A child added in another tab shows when the user comes back to this one.
  const [round, setRound] = useState(0);
  const adding = useRef(false);
  useEffect(() => {
    let live = true;
    loadWebList(relation.list_id)
      .then((l) => live && setChildForm(l.properties.form ?? null))
      .catch(() => live && setChildForm(null));
    const again = () => {
      if (!adding.current) return;
      adding.current = false;
      setRound((r) => r + 1);
    };
    window.addEventListener('focus', again);
    return () => {
      live = false;
      window.removeEventListener('focus', again);
    };
  }, [relation.list_id]);
  const mayAdd = hasPermission(user, relationPermission(relation));
  return (
    <section className="relation-list" data-relation={relation.name}>
      <div className="relation-head">
        <h2>{relation.label}</h2>
        {mayAdd && childForm !== null && (
          <button
            type="button"
            className="btn btn-small"
            data-action="relation-add"
            onClick={() => {
              adding.current = true;
              window.open(relationCreateUrl(relation, childForm, parentId, shell), '_blank');
            }}
          >
            Add
          </button>
        )}
      </div>
      <Suspense fallback={<div className="loading">Loading...</div>}>
        <ListPage
          key={round}
          listId={relation.list_id}
          basePath={`${shellPrefix(shell)}/list/${relation.list_id}`}
          shell={shell}
          fixedWhere={[[relation.modulecolumn_name, '=', Number(parentId)]]}
          embedded
        />
      </Suspense>
    </section>
  );
}

export function RelationLists({ relations, parentId, shell, user }: { relations: RelationModel[]; parentId: number | string; shell: ShellKind; user: LoginInfo | null }) {
  return (
    <>
      {relations.map((r) => (
        <RelationList key={r.name} relation={r} parentId={parentId} shell={shell} user={user} />
      ))}
    </>
  );
}
