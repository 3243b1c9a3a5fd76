import { ShopOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const settingsRoutes: Resource[] = [
  {
    path: '/settings',
    ability: ['manage', 'Setting'],
    page: page(
      () => import('./SettingsPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ตั้งค่าโรงเรียน',
      group: 'settings',
      order: 340,
      icon: <ShopOutlined />,
      description: 'ชื่อโรงเรียน เลขผู้เสียภาษี ภาษีมูลค่าเพิ่ม และพร้อมเพย์',
    },
  },
];
