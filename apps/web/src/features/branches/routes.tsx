import { ApartmentOutlined } from '@ant-design/icons';
import { crud, page, type Resource } from '../../routing/resource';

export const branchRoutes: Resource[] = crud(
  '/branches',
  'Branch',
  page(
    () => import('./BranchList'),
    (x) => x.default,
  ),
  page(
    () => import('./BranchDetail'),
    (x) => x.default,
  ),
  {
    label: 'สาขา',
    group: 'settings',
    order: 300,
    icon: <ApartmentOutlined />,
    description: 'สาขาของโรงเรียน ที่อยู่ และเลขที่สาขาทางภาษี',
  },
);
