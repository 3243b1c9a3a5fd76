import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { page, type Resource } from '../../routing/resource';

export const approvalRoutes: Resource[] = [
  {
    path: '/requests',
    ability: ['read', 'Request'],
    page: page(
      () => import('./ApprovalList'),
      (x) => x.default,
    ),
    menu: {
      label: 'คำขออนุมัติ',
      group: 'finance',
      order: 50,
      icon: <AuditOutlined />,
      description: 'คำขอยกเลิกรายการชำระที่รออนุมัติ',
      badge: lazy(() => import('./PendingBadge').then((x) => ({ default: x.PendingRequestsBadge }))),
    },
  },
];
