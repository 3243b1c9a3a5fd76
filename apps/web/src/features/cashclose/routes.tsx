import { LockOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const cashCloseRoutes: Resource[] = [
  {
    path: '/cash-close',
    ability: ['read', 'Payment'],
    page: page(
      () => import('./CashClose'),
      (x) => x.default,
    ),
    menu: {
      label: 'ปิดยอดประจำวัน',
      group: 'finance',
      order: 60,
      icon: <LockOutlined />,
      description: 'สรุปเงินสดและเงินโอนของวัน ปิดยอดและพิมพ์ให้ผู้จัดการลงนาม',
    },
  },
];
