import { FundOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const accountingRoutes: Resource[] = [
  {
    path: '/accounting',
    ability: ['read', 'Accounting'],
    page: page(
      () => import('./AccountingPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'รายรับ–รายจ่าย',
      group: 'accounting',
      order: 250,
      icon: <FundOutlined />,
      description: 'รายรับจากการชำระเงินและรายรับอื่น รายจ่ายตามหมวดหมู่ พร้อมกราฟและรายงาน',
    },
  },
];
