/** Registration: new applications, the lists, the fee and request applications, what is owed and paid. */
import {
  ClockCircleOutlined,
  DollarOutlined,
  FileAddOutlined,
  FormOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { once, page, type Resource } from '../../routing/resource';
import { applicationListSource, payBalanceListSource } from './lists';

const list = once(() => import('./ApplicationList'));
const detail = once(() => import('./ApplicationDetail'));
const fees = once(() => import('./FeeApplications'));

export const applicationRoutes: Resource[] = [
  {
    path: '/applications/new',
    ability: ['create', 'Application'],
    page: page(
      () => import('./NewApplication'),
      (x) => x.default,
    ),
    menu: {
      label: 'สมัครเรียน',
      group: 'registration',
      order: 10,
      icon: <UserAddOutlined />,
      description: 'รับสมัครผู้เรียนใหม่ อ่านบัตรประชาชน ใช้โปรโมชั่น และรับมัดจำ',
    },
  },
  {
    path: '/applications',
    ability: ['read', 'Application'],
    page: page(list, (x) => x.default),
    list: applicationListSource,
    menu: {
      label: 'รายการสมัครเรียน',
      group: 'registration',
      order: 20,
      icon: <UnorderedListOutlined />,
      description: 'ค้นหาใบสมัครด้วยชื่อ เลขบัตรประชาชน หรือเบอร์โทร',
    },
  },
  { path: '/applications/:id', ability: ['read', 'Application'], page: page(detail, (x) => x.default) },
  {
    path: '/overdue',
    ability: ['read', 'Application'],
    page: page(
      () => import('./Overdue'),
      (x) => x.default,
    ),
    menu: {
      label: 'ยอดค้างชำระ',
      group: 'finance',
      order: 30,
      icon: <ClockCircleOutlined />,
      description: 'ใบสมัครที่ค้างชำระ เรียงจากค้างนานที่สุด',
    },
  },
  {
    path: '/fee-applications',
    ability: ['read', 'Application'],
    page: page(fees, (x) => () => <x.FeeApplicationList kind="fee" />),
    menu: {
      label: 'ค่าธรรมเนียมอื่น',
      group: 'registration',
      order: 70,
      icon: <FileAddOutlined />,
      description: 'รับชำระค่าธรรมเนียมโดยไม่ต้องสมัครหลักสูตร',
    },
  },
  {
    path: '/fee-applications/new',
    ability: ['create', 'Application'],
    page: page(fees, (x) => () => <x.NewFeeApplication kind="fee" />),
  },
  {
    path: '/fee-applications/:id',
    ability: ['read', 'Application'],
    page: page(detail, (x) => () => <x.default prefix="applicationfee" back="/fee-applications" />),
  },
  {
    path: '/request-applications',
    ability: ['read', 'Application'],
    page: page(fees, (x) => () => <x.FeeApplicationList kind="request" />),
    menu: {
      label: 'ค่าคำร้อง',
      group: 'registration',
      order: 80,
      icon: <FormOutlined />,
      description: 'คำร้องหลังสมัคร เช่น เปลี่ยนวันสอบ ต่ออายุสิทธิ์สอบ',
    },
  },
  {
    path: '/request-applications/new',
    ability: ['create', 'Application'],
    page: page(fees, (x) => () => <x.NewFeeApplication kind="request" />),
  },
  {
    path: '/request-applications/:id',
    ability: ['read', 'Application'],
    page: page(detail, (x) => () => <x.default prefix="applicationrequest" back="/request-applications" />),
  },
  {
    path: '/paybalance',
    ability: ['read', 'Application'],
    page: page(list, (x) => x.PayBalanceList),
    list: payBalanceListSource,
    menu: {
      label: 'ชำระยอดคงเหลือ',
      group: 'finance',
      order: 90,
      icon: <DollarOutlined />,
      description: 'รับชำระส่วนที่เหลือ พร้อมยอดรวมเงินสดและเงินโอน',
    },
  },
  {
    path: '/paybalance/:id',
    ability: ['read', 'Application'],
    page: page(detail, (x) => () => <x.default back="/paybalance" focusPay />),
  },
];
