/** The catalog's simple resources: each a list, its "new" form and its detail. */
import {
  CalculatorOutlined,
  CheckSquareOutlined,
  ProfileOutlined,
  ReadOutlined,
  TagsOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { crud, once, page, type Resource } from '../../routing/resource';

const courses = once(() => import('./Courses'));
const promotions = once(() => import('./Promotions'));
const otherFees = once(() => import('./OtherFees'));
const others = once(() => import('./Others'));

export const catalogRoutes: Resource[] = [
  ...crud(
    '/courses',
    'Course',
    page(courses, (x) => x.CourseList),
    page(courses, (x) => x.CourseDetail),
    {
      label: 'หลักสูตร',
      group: 'master',
      order: 150,
      icon: <ReadOutlined />,
      description: 'หลักสูตรที่เปิดสอน ราคา ชั่วโมงเรียน และประเภทใบขับขี่',
    },
  ),
  ...crud(
    '/promotions',
    'Promotion',
    page(promotions, (x) => x.PromotionList),
    page(promotions, (x) => x.PromotionDetail),
    {
      label: 'โปรโมชั่น/ส่วนลด',
      group: 'master',
      order: 160,
      icon: <TagsOutlined />,
      description: 'รหัสส่วนลดแบบเปอร์เซ็นต์หรือจำนวนเงิน ช่วงเวลา และจำนวนสิทธิ์',
    },
  ),
  ...crud(
    '/otherfees',
    'OtherFee',
    page(otherFees, (x) => x.OtherFeeList),
    page(otherFees, (x) => x.OtherFeeDetail),
    {
      label: 'ค่าธรรมเนียมอื่น/ค่าคำร้อง',
      group: 'master',
      order: 170,
      icon: <ProfileOutlined />,
      description: 'ค่าเช่ารถสอบ ใบรับรองแพทย์ ค่าธรรมเนียมใบขับขี่ และค่าคำร้อง',
    },
  ),
  ...crud(
    '/evaluates',
    'Evaluate',
    page(others, (x) => x.EvaluateList),
    page(others, (x) => x.EvaluateDetail),
    {
      label: 'หัวข้อการประเมิน',
      group: 'master',
      order: 180,
      icon: <CheckSquareOutlined />,
      description: 'หัวข้อที่ครูฝึกใช้ประเมินผู้เรียน',
    },
  ),
  ...crud(
    '/list-payroll',
    'ListPayroll',
    page(others, (x) => x.PayrollItemList),
    page(others, (x) => x.PayrollItemDetail),
    {
      label: 'รายการเงินเดือน',
      group: 'staff',
      order: 190,
      icon: <CalculatorOutlined />,
      description: 'รายได้และรายการหักสำหรับคำนวณเงินเดือน',
    },
  ),
  ...crud(
    '/list-expenses',
    'ListExpense',
    page(others, (x) => x.ExpenseList),
    page(others, (x) => x.ExpenseDetail),
    {
      label: 'รายการค่าใช้จ่าย',
      group: 'accounting',
      order: 240,
      icon: <WalletOutlined />,
      description: 'รายการรายจ่ายของโรงเรียนแยกตามหมวดหมู่',
    },
  ),
];
