// A shell's sidebar: the visible entries of its menu, with optional count badges.
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuItem } from './menus';
import { rpc } from '../rpc/rpc';
import { onDataChanged } from '../rpc/data-changed';

/** What a count follows: the page the user opens and the writes made (several in a row, a save then its move, count once). */
function useRecount(): readonly [string, number] {
  const { pathname } = useLocation();
  const [writes, setWrites] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onDataChanged(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWrites((n) => n + 1), 250);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
  return [pathname, writes] as const;
}

function Badge({ badge }: { badge: NonNullable<MenuItem['badge']> }) {
  const [count, setCount] = useState<number | null>(null);
  const [page, writes] = useRecount();
  useEffect(() => {
    let live = true;
    rpc
      .select({ module: badge.module, fields: ['id'], where: badge.where as never, max: 1 })
      .then((r) => live && setCount(r.total))
      // A badge is a convenience: without it the entry still works.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [badge.module, JSON.stringify(badge.where), page, writes]);
  return count ? <span className="badge">{count}</span> : null;
}

function Entry({ item }: { item: MenuItem }) {
  if (item.children) {
    return (
      <li className="menu-group">
        <span className="menu-group-label">{item.label}</span>
        <ul>
          {item.children.map((c) => (
            <Entry key={c.label} item={c} />
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={item.to!} className={({ isActive }) => (isActive ? 'menu-link active' : 'menu-link')}>
        {item.label}
        {item.badge && <Badge badge={item.badge} />}
      </NavLink>
    </li>
  );
}

export function Sidebar({ items }: { items: MenuItem[] }) {
  return (
    <nav className="sidebar" aria-label="Main menu">
      <ul>
        {items.map((item) => (
          <Entry key={item.label} item={item} />
        ))}
      </ul>
    </nav>
  );
}
