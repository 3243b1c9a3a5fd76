import {
  DownOutlined,
  ExperimentOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/client';
import { PhotoAvatar } from '../components/PhotoAvatar';
import { fullName } from '../components/fullName';
import { AllowedNavProvider } from '../routing/nav';
import { allowedNav, NAV_GROUPS, navEntryOf } from './navigation';
import { AntdProvider } from './AntdProvider';
import { PageServices } from './pageServices';
import { SideMenu, type SideMenuGroup } from './SideMenu';
import { UserMenu } from './UserMenu';
import { useSession } from '../api/useSession';
import './shell.css';

/** the bell and its list are their own chunk: the shell stays light */
const NotificationBell = lazy(() => import('../features/reminders/NotificationBell'));

/*
 * The shell is light on purpose (the login page + the shell have a budget of 250 kB gzipped JavaScript,
 * README "The web app's weight and speed"): the menu, the header and the user's dropdown are our own markup
 * with antd's look (shell.css); antd's App (message/modal for the pages) comes with the first page that is not
 * the home page.
 */

/** Whether the window is at least `px` wide (antd's breakpoints: sm 576, md 768, xl 1200). */
function useMinWidth(px: number): boolean {
  const q = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (cb) => {
      const m = window.matchMedia(q);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => window.matchMedia(q).matches,
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/" className="kk-brand" aria-label="ขับขี่ หน้าแรก">
      <span className="kk-brand-mark" aria-hidden>
        ข
      </span>
      {!collapsed && (
        <span className="kk-brand-text">
          <span className="kk-brand-name">ขับขี่</span>
          <span className="kk-brand-sub">โรงเรียนสอนขับรถ</span>
        </span>
      )}
    </Link>
  );
}

const pageFallback = (
  <Flex justify="center" style={{ padding: 80 }}>
    <Spin size="large" />
  </Flex>
);

/** The page area: antd's App around the pages once the first page other than home is shown (then kept). */
function Pages({ home }: { home: boolean }) {
  const [services, setServices] = useState(!home);
  if (!home && !services) setServices(true);
  const outlet = (
    <Suspense fallback={pageFallback}>
      <Outlet />
    </Suspense>
  );
  return services ? (
    <Suspense fallback={pageFallback}>
      <PageServices>{outlet}</PageServices>
    </Suspense>
  ) : (
    outlet
  );
}

export function AppLayout() {
  const { user, ability } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // below 1200 px (a 1024 or 1280 screen) the menu starts folded to its icons, so the lists keep their width;
  // the person's own choice (the fold button) wins until the page is reloaded
  const narrow = !useMinWidth(1200);
  const mobile = !useMinWidth(768);
  const small = !useMinWidth(576);
  const [collapsedChoice, setCollapsedChoice] = useState<boolean | null>(null);
  const collapsed = collapsedChoice ?? narrow;
  const [mobileOpen, setMobileOpen] = useState(false);
  const isCollapsed = mobile ? !mobileOpen : collapsed;

  const selected = location.pathname === '/' ? '/' : (navEntryOf(location.pathname)?.path ?? location.pathname);

  const doLogout = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const allowed = useMemo(() => allowedNav(ability), [ability]);
  const groups = useMemo<SideMenuGroup[]>(() => {
    return NAV_GROUPS.map((g) => ({
      key: g.key,
      label: g.label,
      items: allowed
        .filter((e) => e.group === g.key)
        .map((e) => ({
          to: e.path,
          icon: e.icon,
          label: e.label,
          preload: e.preload,
          extra: e.badge ? (
            <Suspense fallback={null}>
              <e.badge />
            </Suspense>
          ) : undefined,
        })),
    }));
  }, [allowed]);

  const toggle = () => (mobile ? setMobileOpen(!mobileOpen) : setCollapsedChoice(!collapsed));

  // a notice for the whole app (e.g. that this is a demo school) goes into .kk-top, above the header
  const header: ReactNode = (
    <header className="kk-header">
      <button
        type="button"
        className="kk-icon-btn"
        onClick={toggle}
        aria-label="ย่อ/ขยายเมนู"
        aria-expanded={!isCollapsed}
      >
        {isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <UserMenu
          label="เมนูผู้ใช้"
          button={
            <>
              <PhotoAvatar fileId={user?.photo} size={34} fallback={user?.fname ?? ''} />
              {!small && (
                <span className="kk-user-who">
                  <span className="kk-user-name">
                    {fullName(user)}
                    {user?.nickname ? ` (${user.nickname})` : ''}
                  </span>
                  <span>
                    <span className="kk-user-tag">{user?.role.name}</span>
                    <span className="kk-user-branch">
                      {user?.all_branches ? 'ทุกสาขา · ' : ''}
                      {user?.branch_name}
                    </span>
                  </span>
                </span>
              )}
              <DownOutlined className="kk-user-caret" />
            </>
          }
          entries={[
            { key: 'profile', icon: <UserOutlined />, label: 'โปรไฟล์ของฉัน', onSelect: () => navigate('/profile') },
            {
              key: 'password',
              icon: <KeyOutlined />,
              label: 'เปลี่ยนรหัสผ่าน',
              onSelect: () => navigate('/profile?tab=password'),
            },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: 'ออกจากระบบ',
              danger: true,
              dividerBefore: true,
              onSelect: () => void doLogout(),
            },
          ]}
        />
      </div>
    </header>
  );

  return (
    <AntdProvider>
      <div className="kk-shell">
        {mobile && mobileOpen && <div className="kk-mask" onClick={() => setMobileOpen(false)} />}
        <aside className={`kk-sider${isCollapsed ? ' is-collapsed' : ''}${mobile ? ' is-mobile' : ''}`}>
          <Brand collapsed={isCollapsed} />
          <SideMenu
            top={[{ to: '/', icon: <HomeOutlined />, label: 'หน้าแรก' }]}
            groups={groups}
            selected={selected}
            collapsed={isCollapsed}
            onNavigate={() => setMobileOpen(false)}
          />
        </aside>
        <div className="kk-main">
          <div className="kk-top">
            {user?.demo && (
              // not an antd Alert: pages show their own alerts, and this strip stays on every page of a demo school
              <div
                role="note"
                data-testid="demo-banner"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '8px 24px',
                  background: '#fff7e6',
                  borderBottom: '1px solid #ffd591',
                  color: '#873800',
                  fontSize: 14,
                }}
              >
                <ExperimentOutlined />
                <span>
                  <b>โรงเรียนตัวอย่าง (ข้อมูลสาธิต)</b> — รายชื่อ ใบสมัคร และการชำระเงินทั้งหมดเป็นข้อมูลสมมติ ไม่ใช่บัญชีจริงของโรงเรียน
                </span>
              </div>
            )}
            {header}
          </div>
          <main className="kk-content">
            <AllowedNavProvider value={allowed}>
              <Pages home={location.pathname === '/'} />
            </AllowedNavProvider>
          </main>
          <footer className="kk-footer">ขับขี่ · ระบบหลังบ้านโรงเรียนสอนขับรถ</footer>
        </div>
      </div>
    </AntdProvider>
  );
}
