import { DownOutlined, ExperimentOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Dropdown, Flex, Grid, Layout, Menu, Spin, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/client';
import { PhotoAvatar } from '../components/AuthImage';
import { allowedNav, NAV_GROUPS, navEntryOf } from './navigation';
import { useSession } from './useSession';

export function fullName(u: { prefix?: string | null; fname?: string | null; sname?: string | null } | null | undefined): string {
  if (!u) return '';
  return [`${u.prefix ?? ''}${u.fname ?? ''}`, u.sname ?? ''].filter(Boolean).join(' ');
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 10, padding: collapsed ? '18px 0' : '18px 20px', justifyContent: collapsed ? 'center' : 'flex-start' }}>
      <span style={{ width: 36, height: 36, borderRadius: 9, background: '#13a06f', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 20, flex: 'none' }}>ข</span>
      {!collapsed && (
        <span style={{ lineHeight: 1.15 }}>
          <span style={{ color: '#fff', fontWeight: 700, fontSize: 20, display: 'block' }}>ขับขี่</span>
          <span style={{ color: 'rgba(255,255,255,0.6)', fontSize: 12, whiteSpace: 'nowrap' }}>โรงเรียนสอนขับรถ</span>
        </span>
      )}
    </Link>
  );
}

export function AppLayout() {
  const { user, ability } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  // below 1200 px (a 1024 or 1280 screen) the menu starts folded to its icons, so the lists keep their width;
  // the person's own choice (the fold button) wins until the page is reloaded
  const [collapsedChoice, setCollapsedChoice] = useState<boolean | null>(null);
  const narrow = screens.xl === undefined ? window.innerWidth < 1200 : !screens.xl;
  const collapsed = collapsedChoice ?? narrow;
  const [mobileOpen, setMobileOpen] = useState(false);


  const selected = location.pathname === '/' ? '/' : navEntryOf(location.pathname)?.path ?? location.pathname;

  const doLogout = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const userMenu: MenuProps = {
    items: [
      { key: 'profile', icon: <UserOutlined />, label: 'โปรไฟล์ของฉัน' },
      { key: 'password', icon: <KeyOutlined />, label: 'เปลี่ยนรหัสผ่าน' },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: 'ออกจากระบบ', danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'profile') navigate('/profile');
      else if (key === 'password') navigate('/profile?tab=password');
      else void doLogout();
    },
  };

  const mobile = screens.md === undefined ? window.innerWidth < 768 : !screens.md;
  const isCollapsed = mobile ? !mobileOpen : collapsed;
  const items = useMemo<MenuProps['items']>(() => {
    const allowed = allowedNav(ability);
    const groups = NAV_GROUPS.flatMap((g): NonNullable<MenuProps['items']> => {
      const children = allowed.filter((e) => e.group === g.key).map((e) => ({ key: e.path, icon: e.icon, label: <Link to={e.path}>{e.label}{e.badge && <Suspense fallback={null}><e.badge /></Suspense>}</Link> }));
      if (!children.length) return [];
      // folded to icons, a group's title would be cut ("งานทะ…"): a divider separates the groups instead
      return isCollapsed ? [{ type: 'divider' as const, key: `d-${g.key}` }, ...children] : [{ type: 'group' as const, key: g.key, label: g.label, children }];
    });
    return [{ key: '/', icon: <HomeOutlined />, label: <Link to="/">หน้าแรก</Link> }, ...groups];
  }, [ability, isCollapsed]);

  const toggle = () => (mobile ? setMobileOpen(!mobileOpen) : setCollapsedChoice(!collapsed));

  // antd's App (message, notification, modal for the pages) lives in the shell: the login page does without
  return (
    <AntApp>
    <Layout style={{ minHeight: '100vh' }}>
      {mobile && mobileOpen && <div onClick={() => setMobileOpen(false)} style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)', zIndex: 99 }} />}
      <Layout.Sider width={240} collapsedWidth={mobile ? 0 : 72} collapsed={isCollapsed} trigger={null}
        style={mobile ? { position: 'fixed', left: 0, top: 0, height: '100vh', overflow: 'auto', zIndex: 100 } : { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
        <Brand collapsed={isCollapsed} />
        <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} style={{ borderInlineEnd: 0 }} onClick={() => setMobileOpen(false)} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: '1px solid #e3ebe7', position: 'sticky', top: 0, zIndex: 10 }}>
          <Button type="text" icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggle} aria-label="ย่อ/ขยายเมนู" />
          <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
            <Button type="text" style={{ height: 48 }} aria-label="เมนูผู้ใช้">
              <Flex align="center" gap={10}>
                <PhotoAvatar fileId={user?.photo} size={34} fallback={user?.fname ?? ''} />
                {screens.sm && <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
                  <Typography.Text strong>{fullName(user)}{user?.nickname ? ` (${user.nickname})` : ''}</Typography.Text>
                  <span>
                    <Tag color="green" style={{ marginInlineEnd: 4, fontSize: 12 }}>{user?.role.name}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>{user?.all_branches ? 'ทุกสาขา · ' : ''}{user?.branch_name}</Typography.Text>
                  </span>
                </Flex>}
                <DownOutlined style={{ fontSize: 11, color: '#888' }} />
              </Flex>
            </Button>
          </Dropdown>
        </Layout.Header>
        {user?.demo && (
          // not an antd Alert: pages show their own alerts, and this strip stays on every page of a demo school
          <div role="note" data-testid="demo-banner" style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 24px', background: '#fff7e6', borderBottom: '1px solid #ffd591', color: '#873800', fontSize: 14 }}>
            <ExperimentOutlined />
            <span><b>โรงเรียนตัวอย่าง (ข้อมูลสาธิต)</b> — รายชื่อ ใบสมัคร และการชำระเงินทั้งหมดเป็นข้อมูลสมมติ ไม่ใช่บัญชีจริงของโรงเรียน</span>
          </div>
        )}
        <Layout.Content style={{ padding: screens.md ? 24 : 12, maxWidth: 1400, width: '100%', margin: '0 auto' }}>
          <Suspense fallback={<Flex justify="center" style={{ padding: 80 }}><Spin size="large" /></Flex>}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: '#889', padding: '12px 24px', background: 'transparent' }}>
          ขับขี่ · ระบบหลังบ้านโรงเรียนสอนขับรถ
        </Layout.Footer>
      </Layout>
    </Layout>
    </AntApp>
  );
}
