/**
 * The side menu: antd's dark inline Menu in look (shell.css), without its JavaScript. Entries are links
 * (Tab moves through them, Enter opens one, ↑/↓ move between them); groups have a title, or a divider when the
 * menu is folded to its icons, where a tooltip shows the entry's name on hover and focus. An entry may carry a
 * badge count (e.g. requests waiting for approval).
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface SideMenuItem {
  /** Route path; also the key matched against `selected`. */
  to: string;
  label: string;
  icon?: ReactNode;
  /** A count shown after the label (hidden when 0 or absent). */
  badge?: number;
  /** Shown after the label: a badge that loads its own count (e.g. the requests waiting for approval). */
  extra?: ReactNode;
  /** Starts loading the page's code when the pointer or the focus reaches the entry. */
  preload?: () => void;
}
export interface SideMenuGroup {
  key: string;
  label: string;
  items: SideMenuItem[];
}

export interface SideMenuProps {
  /** Entries before the first group (e.g. home). */
  top: SideMenuItem[];
  groups: SideMenuGroup[];
  selected: string;
  collapsed: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ top, groups, selected, collapsed, onNavigate }: SideMenuProps) {
  const [tip, setTip] = useState<{ label: string; x: number; y: number } | null>(null);

  const showTip = (label: string, el: HTMLElement) => {
    if (!collapsed) return;
    const r = el.getBoundingClientRect();
    setTip({ label, x: r.right + 8, y: r.top + r.height / 2 });
  };

  const onKeyDown = (ev: KeyboardEvent<HTMLElement>) => {
    if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp' && ev.key !== 'Home' && ev.key !== 'End') return;
    const links = [...ev.currentTarget.querySelectorAll<HTMLAnchorElement>('a.kk-menu-item')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next =
      ev.key === 'Home'
        ? 0
        : ev.key === 'End'
          ? links.length - 1
          : ev.key === 'ArrowDown'
            ? (at + 1) % links.length
            : (at - 1 + links.length) % links.length;
    links[next]?.focus();
    ev.preventDefault();
  };

  const entry = (it: SideMenuItem) => {
    const badge = it.badge ? (it.badge > 99 ? '99+' : String(it.badge)) : null;
    return (
      <li key={it.to}>
        <Link
          to={it.to}
          className={`kk-menu-item${it.to === selected ? ' is-selected' : ''}`}
          aria-current={it.to === selected ? 'page' : undefined}
          onClick={() => {
            setTip(null);
            onNavigate?.();
          }}
          onMouseEnter={(e) => {
            it.preload?.();
            showTip(it.label, e.currentTarget);
          }}
          onMouseLeave={() => setTip(null)}
          onFocus={(e) => {
            it.preload?.();
            showTip(it.label, e.currentTarget);
          }}
          onBlur={() => setTip(null)}
        >
          {it.icon && (
            <span className="kk-menu-icon" aria-hidden>
              {it.icon}
            </span>
          )}
          <span className="kk-menu-label">{it.label}</span>
          {badge && (
            <span className="kk-menu-badge" aria-label={`${badge} รายการ`}>
              {badge}
            </span>
          )}
          {it.extra}
        </Link>
      </li>
    );
  };

  return (
    <nav aria-label="เมนูหลัก" onKeyDown={onKeyDown}>
      <ul className={`kk-menu${collapsed ? ' is-collapsed' : ''}`}>
        {top.map(entry)}
        {groups
          .filter((g) => g.items.length)
          .map((g) => (
            <li key={g.key} role="group" aria-label={g.label}>
              {/* folded to icons, a group's title would be cut ("งานทะ…"): a divider separates the groups instead */}
              {collapsed ? (
                <div className="kk-menu-divider" aria-hidden />
              ) : (
                <div className="kk-menu-group-title" aria-hidden>
                  {g.label}
                </div>
              )}
              <ul>{g.items.map(entry)}</ul>
            </li>
          ))}
      </ul>
      {collapsed && tip && (
        <div className="kk-menu-tip" role="tooltip" style={{ left: tip.x, top: tip.y }}>
          {tip.label}
        </div>
      )}
    </nav>
  );
}
