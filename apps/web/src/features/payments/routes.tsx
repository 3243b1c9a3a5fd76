import { HistoryOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const paymentRoutes: Resource[] = [
  {
    path: '/payments',
    ability: ['read', 'Payment'],
    page: page(
      () => import('./PaymentHistory'),
      (x) => x.default,
    ),
    menu: {
      label: 'ประวัติการชำระเงิน',
      group: 'finance',
      order: 40,
      icon: <HistoryOutlined />,
      description: 'รายการรับชำระและคืนเงินตามช่วงวันที่ พร้อมยอดเงินสด/เงินโอน',
    },
  },
];
