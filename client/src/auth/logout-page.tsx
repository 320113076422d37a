// /user/logout (seed 000 §2.1, §9): the stored user, entity and `state.` keys are removed at
// once (other tabs see it within their 10-second check), the server session is ended, and the
// screen says when.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { sessionStore } from '../session/session-store';
import { dialogs } from '../ui/dialogs';
import { Footer } from '../shells/footer';
import { formatDateTime } from '../ui/date-format';


export default function LogoutPage() {
  const [at] = useState(() => new Date());
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    dialogs.closeAll();
    sessionStore.cleared();
    // Nothing to tell when it fails: the stored user is gone and the session expires by itself.
    rpc
      .call('User.logout')
      .catch(() => undefined)
      .finally(() => setDone(true));
  }, []);

  return (
    <div className="auth-page">
      <div className="auth-box" data-panel="logged-out" data-done={done ? 'true' : undefined}>
        <h1>Logged Out</h1>
        <p>
          You were logged out at <time dateTime={at.toISOString()}>{formatDateTime(at)}</time>.
        </p>
        <Link className="btn btn-primary" to="/">
          Sign in again
        </Link>
      </div>
      <Footer />
    </div>
  );
}
