// What a page shows while its record loads or when it cannot be shown (useRecordLoad's states):
// `Loading...`, the not-found page with the page's own message, the not-allowed page, or the
// error; the page renders only the ready record.
import type { ReactNode } from 'react';
import { Loading } from './loading';
import { LoadFailedPage, NotAllowedPage, NotFoundPage, type WayBack } from './dead-ends';
import type { RecordLoadState } from './use-record-load';

export interface RecordLoadViewProps<T> {
  state: RecordLoadState<T>;
  /** What the record is, for the heading of the dead ends (`Form`, `Excel Import`). */
  what: string;
  /** The page's own sentence for a missing record (`Form not found.`). */
  notFound?: string;
  back?: WayBack;
  children: (value: T) => ReactNode;
}

export function RecordLoadView<T>({ state, what, notFound, back, children }: RecordLoadViewProps<T>) {
  switch (state.status) {
    case 'loading':
      return <Loading />;
    case 'missing':
      return <NotFoundPage title={`${what} not found`} message={notFound ?? `${what} not found.`} back={back} />;
    case 'not-allowed':
      return <NotAllowedPage title={what} back={back} />;
    case 'error':
      return <LoadFailedPage title={what} message={state.message} back={back} />;
    case 'ready':
      return <>{children(state.value)}</>;
  }
}
