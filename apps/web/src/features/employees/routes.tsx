import { IdcardOutlined } from '@ant-design/icons';
import { crud, page, type Resource } from '../../routing/resource';

export const employeeRoutes: Resource[] = crud(
  '/employees',
  'User',
  page(
    () => import('./EmployeeList'),
    (x) => x.default,
  ),
  page(
    () => import('./EmployeeDetail'),
    (x) => x.default,
  ),
  {
    label: 'พนักงาน',
    group: 'staff',
    order: 290,
    icon: <IdcardOutlined />,
    description: 'ข้อมูลพนักงาน บัญชีผู้ใช้ เงินเดือนและวันหยุด',
  },
);
