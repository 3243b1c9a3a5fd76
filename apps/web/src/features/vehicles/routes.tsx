/** Vehicles: the school's cars, their expenses and what falls due. */
import { CarOutlined, ClockCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { once, page, type Resource } from '../../routing/resource';
import { vehicleListSource } from './lists';

const detail = once(() => import('./VehicleDetail'));

export const vehicleRoutes: Resource[] = [
  {
    path: '/vehicles',
    ability: ['read', 'Vehicle'],
    page: page(
      () => import('./VehicleList'),
      (x) => x.default,
    ),
    list: vehicleListSource,
    menu: {
      label: 'รถของโรงเรียน',
      group: 'vehicle',
      order: 260,
      icon: <CarOutlined />,
      description: 'รถฝึกและรถสอบ วันครบกำหนดภาษี พ.ร.บ. ประกันภัย เลขไมล์และอัตราสิ้นเปลือง',
    },
  },
  { path: '/vehicles/new', ability: ['create', 'Vehicle'], page: page(detail, (x) => x.default) },
  { path: '/vehicles/:id', ability: ['read', 'Vehicle'], page: page(detail, (x) => x.default) },
  {
    path: '/vehicle-expenses',
    ability: ['read', 'Accounting'],
    page: page(
      () => import('./VehicleExpenses'),
      (x) => x.default,
    ),
    menu: {
      label: 'ค่าใช้จ่ายยานพาหนะ',
      group: 'vehicle',
      order: 270,
      icon: <WalletOutlined />,
      description: 'น้ำมัน ซ่อมบำรุง ภาษี พ.ร.บ. และประกันภัยของรถทุกคัน พร้อมใบเสร็จ',
    },
  },
  {
    path: '/vehicle-reminders',
    ability: ['read', 'Vehicle'],
    page: page(
      () => import('./Reminders'),
      (x) => x.default,
    ),
    menu: {
      label: 'แจ้งเตือนครบกำหนดรถ',
      group: 'vehicle',
      order: 280,
      icon: <ClockCircleOutlined />,
      description: 'ภาษี พ.ร.บ. ประกันภัย และตรวจสภาพที่ใกล้ครบกำหนดหรือเลยกำหนด',
      badge: lazy(() => import('./ReminderBadge').then((x) => ({ default: x.VehicleReminderBadge }))),
    },
  },
];
