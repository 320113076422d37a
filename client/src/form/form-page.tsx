// The generic form page (seed 000 §2.9): any WebForms record in view, edit or create mode,
// reached from a list's create/edit/view addresses (the list's properties.form) or directly by
// form id. The controller does the work; this page composes it with the view.
import { useCallback, useMemo, useRef, type MutableRefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ScreenErrorView } from '../metadata/screen-error-view';
import { useSession } from '../session/session-store';
import { FormView } from './form-view';
import { readFormQuery, type FormPageProps } from './form-address';
import { useFormController } from './use-form-controller';
import './re-form-helpers';
import { Loading } from '../ui/loading';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';

export type { FormPageProps };

/** Asks before unsaved values of an edit or create are left (a preview has no guard: its editor has one). */
function LeaveGuard({ dirty, allow }: { dirty: boolean; allow: MutableRefObject<(() => void) | null> }) {
  allow.current = useLeaveGuard(dirty, LEAVE_PAGE_MESSAGE).allowNext;
  return null;
}

function FormScreen(props: FormPageProps) {
  const [params] = useSearchParams();
  const query = useMemo(() => readFormQuery(params), [params]);
  const nav = useNavigate();
  const navigate = useCallback((to: string | number) => (typeof to === 'number' ? void nav(to) : void nav(to)), [nav]);
  const allow = useRef<(() => void) | null>(null);
  const options = useMemo(() => ({ onSaved: () => allow.current?.() }), []);
  const c = useFormController(props, query, navigate, options);
  const { user } = useSession();
  const guard = props.definition === undefined && <LeaveGuard dirty={c.status === 'ready' && c.mode !== 'view' && c.changed} allow={allow} />;
  if (c.status === 'pending') {
    return <Loading />;
  }
  if (c.status === 'error') return <ScreenErrorView error={c.error} />;
  return (
    <>
      {guard}
      <FormView c={c} shell={props.shell} user={user} titled={props.definition === undefined && !props.embedded} embedded={props.embedded} />
    </>
  );
}

/** A new address (another record, mode or form) is a new screen: the controller starts afresh. */
export default function FormPage(props: FormPageProps) {
  return <FormScreen key={`${props.formId ?? ''}|${props.listId ?? ''}|${props.mode}|${props.dataId ?? ''}`} {...props} />;
}
