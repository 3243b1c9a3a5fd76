// @vitest-environment jsdom
/**
 * The light app shell's own controls: the side menu (groups, folded state with its tooltip, badge count,
 * keyboard) and the user's dropdown (a menu button: keyboard, Escape, click outside).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SideMenu, type SideMenuGroup } from '../src/app/SideMenu';
import { UserMenu } from '../src/app/UserMenu';
import { installDom } from './setupDom';

beforeAll(() => installDom());
afterEach(() => cleanup());

const groups: SideMenuGroup[] = [
  {
    key: 'registration',
    label: 'งานทะเบียน',
    items: [
      { to: '/applications/new', label: 'สมัครเรียน' },
      { to: '/applications', label: 'รายการสมัครเรียน' },
    ],
  },
  { key: 'finance', label: 'การเงิน', items: [{ to: '/requests', label: 'คำขออนุมัติ', badge: 3 }] },
  { key: 'exam', label: 'การสอบ', items: [] },
];

function menu(collapsed: boolean, preload = vi.fn()) {
  return render(
    <MemoryRouter>
      <SideMenu
        top={[{ to: '/', label: 'หน้าแรก', preload }]}
        groups={groups}
        selected="/applications"
        collapsed={collapsed}
      />
    </MemoryRouter>,
  );
}

describe('SideMenu', () => {
  it('shows group titles, links every entry, marks the current one and shows a badge count; an empty group is left out', () => {
    menu(false);
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(within(nav).getByText('งานทะเบียน')).toBeTruthy();
    expect(within(nav).queryByText('การสอบ')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'รายการสมัครเรียน' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'สมัครเรียน' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: /คำขออนุมัติ/ }).textContent).toContain('3');
    expect(
      within(nav)
        .getByRole('link', { name: /คำขออนุมัติ/ })
        .getAttribute('href'),
    ).toBe('/requests');
  });

  it('folded: no group titles (dividers instead), names stay for screen readers and show as a tooltip on hover', () => {
    const preload = vi.fn();
    const { container } = menu(true, preload);
    expect(screen.queryByText('งานทะเบียน')).toBeNull();
    expect(container.querySelectorAll('.kk-menu-divider')).toHaveLength(2);
    const home = screen.getByRole('link', { name: 'หน้าแรก' });
    fireEvent.mouseEnter(home);
    expect(screen.getByRole('tooltip').textContent).toBe('หน้าแรก');
    expect(preload).toHaveBeenCalled();
    fireEvent.mouseLeave(home);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('↓ and ↑ move the focus between entries, Home and End to the first and last', () => {
    menu(false);
    const links = screen.getAllByRole('link');
    links[0]!.focus();
    fireEvent.keyDown(links[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(links[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[links.length - 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(links[0]);
  });
});

describe('UserMenu', () => {
  const setup = () => {
    const chosen: string[] = [];
    render(
      <div>
        <UserMenu
          label="เมนูผู้ใช้"
          button={<span>มาลี</span>}
          entries={[
            { key: 'profile', label: 'โปรไฟล์ของฉัน', onSelect: () => chosen.push('profile') },
            { key: 'password', label: 'เปลี่ยนรหัสผ่าน', onSelect: () => chosen.push('password') },
            {
              key: 'logout',
              label: 'ออกจากระบบ',
              danger: true,
              dividerBefore: true,
              onSelect: () => chosen.push('logout'),
            },
          ]}
        />
        <p>ข้างนอก</p>
      </div>,
    );
    return { chosen, button: screen.getByRole('button', { name: 'เมนูผู้ใช้' }) };
  };
  const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

  it('a click opens it, an entry runs its action and closes it', () => {
    const { chosen, button } = setup();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((e) => e.textContent)).toEqual([
      'โปรไฟล์ของฉัน',
      'เปลี่ยนรหัสผ่าน',
      'ออกจากระบบ',
    ]);
    expect(screen.getByRole('separator')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'ออกจากระบบ' }));
    expect(chosen).toEqual(['logout']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('keyboard: ↓ opens on the first entry, ↑/↓ move, Escape closes and gives the focus back', async () => {
    const { chosen, button } = setup();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await frame();
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(chosen).toEqual([]);
  });

  it('a click outside closes it', () => {
    const { button } = setup();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('ข้างนอก'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
