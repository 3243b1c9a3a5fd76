import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

/** Reminders: the settings and templates (owner), and the outbox log of what went out (owner, managers). */
export const reminderRoutes: Resource[] = [
  {
    path: '/reminders/log',
    ability: ['read', 'Accounting'],
    page: page(
      () => import('./OutboxPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ประวัติการแจ้งเตือน',
      group: 'settings',
      order: 345,
      icon: <NotificationOutlined />,
      description: 'ข้อความ LINE และอีเมลที่ส่ง รอส่ง ส่งไม่สำเร็จ พร้อมเหตุผล และส่งใหม่',
    },
  },
  {
    path: '/reminders/settings',
    ability: ['manage', 'Setting'],
    page: page(
      () => import('./SettingsPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ตั้งค่าการแจ้งเตือน',
      group: 'settings',
      order: 346,
      icon: <BellOutlined />,
      description: 'ใครได้รับการแจ้งเตือนใด ทางช่องทางไหน ข้อความแจ้งเตือน และการเชื่อมต่อ LINE / อีเมล',
    },
  },
];
