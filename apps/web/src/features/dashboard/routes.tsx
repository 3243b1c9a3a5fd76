import { DashboardOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

/** The owner's cockpit: the landing page of owners and managers (LoginPage sends them here). */
export const DASHBOARD_PATH = '/dashboard';

export const dashboardRoutes: Resource[] = [
  {
    path: DASHBOARD_PATH,
    ability: ['read', 'Accounting'],
    page: page(
      () => import('./DashboardPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ภาพรวมผู้บริหาร',
      group: 'accounting',
      order: 1,
      icon: <DashboardOutlined />,
      description: 'รายรับเทียบเดือนก่อน ผู้สมัครใหม่ ยอดค้างชำระ รอบสอบ อัตราสอบผ่าน รถครบกำหนด เงินเดือน และวันที่ยังไม่ปิดยอด',
    },
  },
];
