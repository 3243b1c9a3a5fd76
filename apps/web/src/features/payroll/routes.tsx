/** Payroll: the branch-month sheets and their workflow, the report, payslips, a month's history, the staff. */
import { DollarOutlined, FileAddOutlined, ProfileOutlined, TeamOutlined } from '@ant-design/icons';
import { once, page, type Resource } from '../../routing/resource';

const payroll = once(() => import('./index'));

export const payrollRoutes: Resource[] = [
  {
    path: '/payroll',
    ability: ['read', 'Payroll'],
    page: page(payroll, (x) => x.PayrollList),
    menu: {
      label: 'เงินเดือน',
      group: 'staff',
      order: 200,
      icon: <DollarOutlined />,
      description: 'จัดทำเงินเดือนรายสาขา ส่งตรวจ ยืนยัน และอนุมัติ',
    },
  },
  { path: '/payroll/sheet', ability: ['read', 'Payroll'], page: page(payroll, (x) => x.PayrollSheet) },
  {
    path: '/payroll/report',
    ability: ['read', 'Payroll'],
    page: page(payroll, (x) => x.PayrollReport),
    menu: {
      label: 'รายงานเงินเดือน',
      group: 'staff',
      order: 210,
      icon: <ProfileOutlined />,
      description: 'เงินเดือนของพนักงานทุกคนรายเดือน พร้อมสลิปเงินเดือน',
    },
  },
  {
    path: '/payroll/payslips',
    ability: ['read', 'Payroll'],
    page: page(payroll, (x) => x.PayslipList),
    menu: {
      label: 'สลิปเงินเดือน',
      group: 'staff',
      order: 220,
      icon: <FileAddOutlined />,
      description: 'สลิปเงินเดือนที่ออกแล้วทุกฉบับ',
    },
  },
  { path: '/payroll/history/:id', ability: ['read', 'Payroll'], page: page(payroll, (x) => x.PayrollHistory) },
  {
    path: '/payroll/staff',
    ability: ['read', 'Payroll'],
    page: page(payroll, (x) => x.PayrollStaffList),
    menu: {
      label: 'พนักงานในระบบเงินเดือน',
      group: 'staff',
      order: 230,
      icon: <TeamOutlined />,
      description: 'เงินเดือน รายได้และรายการหักประจำของพนักงาน',
    },
  },
  { path: '/payroll/staff/:id', ability: ['read', 'Payroll'], page: page(payroll, (x) => x.PayrollStaffDetail) },
];
