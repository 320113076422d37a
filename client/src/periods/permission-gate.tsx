// A period screen a user may not use says so (no silent dead ends) instead of
// failing on its first call: the page needs its action's permission task.
import type { ReactNode } from 'react';
import { useSession } from '../session/session-store';
import { NotAllowedPage } from '../ui/dead-ends';

export function PermissionGate({ permission, title, children }: { permission: string; title: string; children: ReactNode }) {
  const { user } = useSession();
  if (user?.permissions[permission]) return <>{children}</>;
  return <NotAllowedPage title={title} back={{ to: '/iru/dashboard', label: 'Back to the dashboard' }} />;
}
