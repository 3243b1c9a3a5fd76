import { HistoryOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const auditRoutes: Resource[] = [
  {
    path: '/audit',
    ability: ['read', 'Audit'],
    page: page(
      () => import('./AuditList'),
      (x) => x.default,
    ),
    menu: {
      label: 'ประวัติการใช้งาน',
      group: 'settings',
      order: 330,
      icon: <HistoryOutlined />,
      description: 'ใครทำอะไร เมื่อไร ที่สาขาใด พร้อมค่าก่อนและหลังการเปลี่ยนแปลง',
    },
  },
];
