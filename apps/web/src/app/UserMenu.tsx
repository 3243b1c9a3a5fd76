/**
 * The user's menu in the header: a menu button (antd Dropdown in look, shell.css). Click, Enter, Space or ↓
 * opens it with the focus on the first entry; ↑/↓ move, Escape or Tab closes it and gives the focus back
 * to the button; a click outside closes it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface UserMenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** A line above this entry. */
  dividerBefore?: boolean;
  onSelect: () => void;
}

export function UserMenu({ label, button, entries }: { label: string; button: ReactNode; entries: UserMenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const btn = useRef<HTMLButtonElement>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const away = (ev: MouseEvent) => {
      if (!root.current?.contains(ev.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const openAt = (which: 'first' | 'last' | null) => {
    setOpen(true);
    if (which)
      requestAnimationFrame(() => {
        const l = items();
        (which === 'first' ? l[0] : l[l.length - 1])?.focus();
      });
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) btn.current?.focus();
  };

  const onButtonKey = (ev: KeyboardEvent) => {
    if (ev.key === 'ArrowDown' || ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      openAt('first');
    } else if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      openAt('last');
    } else if (ev.key === 'Escape') close(true);
  };
  const onMenuKey = (ev: KeyboardEvent) => {
    const l = items();
    const at = l.indexOf(document.activeElement as HTMLButtonElement);
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      l[(at + (ev.key === 'ArrowDown' ? 1 : l.length - 1)) % l.length]?.focus();
    } else if (ev.key === 'Home' || ev.key === 'End') {
      ev.preventDefault();
      l[ev.key === 'Home' ? 0 : l.length - 1]?.focus();
    } else if (ev.key === 'Escape') {
      ev.preventDefault();
      close(true);
    } else if (ev.key === 'Tab') close(false);
  };

  return (
    <div className="kk-user" ref={root}>
      <button
        ref={btn}
        type="button"
        className="kk-user-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (open ? close(false) : openAt(null))}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && (
        <div className="kk-dropdown" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {entries.map((e) => [
            e.dividerBefore ? <div key={`${e.key}-d`} className="kk-dropdown-divider" role="separator" /> : null,
            <button
              key={e.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`kk-dropdown-item${e.danger ? ' is-danger' : ''}`}
              onClick={() => {
                close(true);
                e.onSelect();
              }}
            >
              {e.icon}
              <span>{e.label}</span>
            </button>,
          ])}
        </div>
      )}
    </div>
  );
}
