/** Learner evaluations and the pre-exam vehicle checks. */
import { CarOutlined, CheckSquareOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

export const evaluationRoutes: Resource[] = [
  {
    path: '/evaluations',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./EvaluationList'),
      (x) => x.default,
    ),
    menu: {
      label: 'ประเมินผลผู้เรียน',
      group: 'exam',
      order: 310,
      icon: <CheckSquareOutlined />,
      description: 'ชั่วโมงอบรมและผลการประเมินตามหัวข้อ พิมพ์บันทึกการอบรมและใบรับรองผลการอบรม',
    },
  },
  {
    path: '/evaluations/settings',
    ability: ['manage', 'Setting'],
    page: page(
      () => import('./EvaluationSettings'),
      (x) => x.default,
    ),
  },
  {
    path: '/evaluations/:id',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./EvaluationDetail'),
      (x) => x.default,
    ),
  },
  {
    path: '/vehicle-checks',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./VehicleCheckList'),
      (x) => x.default,
    ),
    menu: {
      label: 'ตรวจสภาพรถก่อนสอบ',
      group: 'exam',
      order: 320,
      icon: <CarOutlined />,
      description: 'ตรวจรถที่ใช้สอบ ภาษีและ พ.ร.บ. ต้องไม่หมดอายุก่อนวันสอบ',
    },
  },
  {
    path: '/vehicle-checks/:id',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./VehicleCheckDetail'),
      (x) => x.default,
    ),
  },
];
