// A period screen a user may not use says so (issue 18: no silent dead ends) instead of
// failing on its first call: the page needs its action's permission task.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { PORTAL_NAME } from '../shells/footer';

export function PermissionGate({ permission, title, children }: { permission: string; title: string; children: ReactNode }) {
  const { user } = useSession();
  const allowed = Boolean(user?.permissions[permission]);
  useEffect(() => {
    if (!allowed) document.title = `Not allowed | ${PORTAL_NAME}`;
  }, [allowed]);
  if (allowed) return <>{children}</>;
  return (
    <section className="page" data-not-allowed>
      <h1>{title}</h1>
      <p className="empty" role="alert">Your account may not open this page.</p>
      <Link to="/iru/dashboard" className="btn">Back to the dashboard</Link>
    </section>
  );
}
