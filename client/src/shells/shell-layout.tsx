// The frame of every signed-in page: header (portal name, current entity, user menu), sidebar,
// content, optional right panel, footer; and the 10-second session checks.
import { useState, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { useSessionWatch } from '../session/session-watch';
import { Sidebar } from './sidebar';
import { Footer, PORTAL_NAME } from './footer';
import { visibleMenu, type MenuItem } from './menus';
import { changeMfa } from '../auth/change-mfa';

export interface ShellProps {
  kind: 're' | 'iru' | 'admin';
  menu: MenuItem[];
  /** Whether a sidebar target is a screen of this build (screens not built yet stay absent). */
  routeExists: (to: string) => boolean;
  rightPanel?: ReactNode;
  /** Shown in place of the matched child route (the not-found and not-allowed pages). */
  content?: ReactNode;
}

function UserMenu({ kind }: { kind: ShellProps['kind'] }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <div className="user-menu">
      <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {user?.name}
      </button>
      {open && (
        <ul className="user-menu-items" role="menu" onClick={() => setOpen(false)}>
          {kind !== 'admin' && (
            <li role="menuitem">
              <Link to={`/${kind}/profile/view`}>My Profile</Link>
            </li>
          )}
          <li role="menuitem">
            <Link to="/change-password">Change Password</Link>
          </li>
          <li role="menuitem">
            <button type="button" onClick={() => void changeMfa()}>
              Change MFA
            </button>
          </li>
          <li role="menuitem">
            <Link to="/lockscreen">Lock Screen</Link>
          </li>
          <li role="menuitem">
            <Link to="/user/logout">Logout</Link>
          </li>
        </ul>
      )}
    </div>
  );
}

export function ShellLayout({ kind, menu, routeExists, rightPanel, content }: ShellProps) {
  const { user, re } = useSession();
  useSessionWatch();
  if (!user) return null;
  const entity = kind === 're' ? user.RE.find((e) => e.id === re) : undefined;
  return (
    <div className={`shell shell-${kind}`} data-shell={kind}>
      <header className="header">
        <Link to="/home" className="brand">
          {PORTAL_NAME}
        </Link>
        {entity && (
          <span className="current-entity" data-current-entity>
            {entity.name}
          </span>
        )}
        <UserMenu kind={kind} />
      </header>
      <div className="shell-body">
        <Sidebar items={visibleMenu(menu, user, routeExists)} />
        <main className="content" id="content">
          {content ?? <Outlet />}
        </main>
        {rightPanel}
      </div>
      <Footer />
    </div>
  );
}
