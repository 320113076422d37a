// The explicit error screen for a screen definition that does not load (never a blank page).
import { ScreenError } from './screens';
import { RpcError } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { WayBackButtons } from '../ui/dead-ends';

export function ScreenErrorView({ error }: { error: unknown }) {
  usePageTitle('This screen cannot be shown');
  const detail = error instanceof ScreenError ? `${error.kind} ${error.id}: ${error.problem}` : error instanceof RpcError ? `${error.code}: ${error.message}` : String(error);
  return (
    <section className="page screen-error" role="alert" data-screen-error>
      <h1>This screen cannot be shown</h1>
      <p>Its definition could not be loaded. An administrator can correct it in the screen editors.</p>
      <pre>{detail}</pre>
      <WayBackButtons />
    </section>
  );
}
