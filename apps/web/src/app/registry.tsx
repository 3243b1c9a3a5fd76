/**
 * The resource registry: every screen once, with its route, its ability and (when it has one) its menu
 * entry. router.tsx and navigation.tsx are generated from it, so a new feature is ONE entry here.
 * Pages are lazy (each feature its own chunk); entries of the same module share one import.
 */
import { CalendarOutlined, EditOutlined, SafetyOutlined, ScheduleOutlined } from '@ant-design/icons';
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CalculatorOutlined,
  CarOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileAddOutlined,
  FormOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LockOutlined,
  ProfileOutlined,
  ReadOutlined,
  ShopOutlined,
  TagsOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { FundOutlined } from '@ant-design/icons';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ListSource } from '../components/listQuery';
import { loadPageServices } from './pageServices';
import { applicationListSource, payBalanceListSource } from '../features/applications/lists';
import { vehicleListSource } from '../features/vehicles/lists';

export type NavGroupKey =
  'registration' | 'finance' | 'exam' | 'master' | 'staff' | 'vehicle' | 'accounting' | 'settings';
export type AbilityRule = [action: string, subject: string];

export interface MenuEntry {
  label: string;
  group: NavGroupKey;
  icon: ReactNode;
  /** One-line description on the home page's quick links. */
  description: string;
  /** Shown after the label in the menu (lazy, so the login page does not load it), e.g. a count of what waits there. */
  badge?: ComponentType;
}

export interface Resource {
  /** Route path; for a menu entry also the menu key. */
  path: string;
  /** Needed ability; none = any logged-in user. */
  ability?: AbilityRule;
  page: Page;
  /** Shown in the sider and on the home page when the ability allows. */
  menu?: MenuEntry;
  /** A list page: the route fetches its rows while the page's code loads (router.tsx). */
  list?: ListSource;
}

/** A lazy page; preload() starts loading its code (on navigation, and on hovering its menu entry). */
export type Page = ComponentType & { preload: () => void };

type Loader<M> = () => Promise<M>;
/** A lazy page from one export of a module (the module is loaded once for all its pages). */
function page<M>(load: Loader<M>, pick: (m: M) => ComponentType, home = false): Page {
  const preload = () => {
    void load().catch(() => {});
    if (!home) void loadPageServices().catch(() => {});
  };
  return Object.assign(
    lazy(() => load().then((m) => ({ default: pick(m) }))),
    { preload },
  );
}
const once = <M,>(load: Loader<M>): Loader<M> => {
  let p: Promise<M> | null = null;
  return () => (p ??= load());
};

const m = {
  home: once(() => import('../features/home/HomePage')),
  branches: once(() => import('../features/branches/BranchList')),
  branchDetail: once(() => import('../features/branches/BranchDetail')),
  employees: once(() => import('../features/employees/EmployeeList')),
  employeeDetail: once(() => import('../features/employees/EmployeeDetail')),
  profile: once(() => import('../features/profile/ProfilePage')),
  applications: once(() => import('../features/applications/ApplicationList')),
  newApplication: once(() => import('../features/applications/NewApplication')),
  applicationDetail: once(() => import('../features/applications/ApplicationDetail')),
  fees: once(() => import('../features/applications/FeeApplications')),
  overdue: once(() => import('../features/applications/Overdue')),
  help: once(() => import('../features/help/CardAgentHelp')),
  approvals: once(() => import('../features/approvals/ApprovalList')),
  payments: once(() => import('../features/payments/PaymentHistory')),
  cashclose: once(() => import('../features/cashclose/CashClose')),
  courses: once(() => import('../features/catalog/Courses')),
  promotions: once(() => import('../features/catalog/Promotions')),
  otherFees: once(() => import('../features/catalog/OtherFees')),
  others: once(() => import('../features/catalog/Others')),
  settings: once(() => import('../features/settings/SettingsPage')),
  audit: once(() => import('../features/audit/AuditList')),
  accounting: once(() => import('../features/accounting/AccountingPage')),
  evaluations: once(() => import('../features/evaluations/EvaluationList')),
  evaluationDetail: once(() => import('../features/evaluations/EvaluationDetail')),
  vehicleChecks: once(() => import('../features/evaluations/VehicleCheckList')),
  evaluationSettings: once(() => import('../features/evaluations/EvaluationSettings')),
  vehicleCheckDetail: once(() => import('../features/evaluations/VehicleCheckDetail')),
  vehicles: once(() => import('../features/vehicles/VehicleList')),
  vehicleDetail: once(() => import('../features/vehicles/VehicleDetail')),
  vehicleExpenses: once(() => import('../features/vehicles/VehicleExpenses')),
  vehicleReminders: once(() => import('../features/vehicles/Reminders')),
  payroll: once(() => import('../features/payroll')),
  examLists: once(() => import('../features/exams/ExamLists')),
  examCalendar: once(() => import('../features/exams/ExamCalendar')),
  examPermission: once(() => import('../features/exams/PermissionPage')),
  examResults: once(() => import('../features/exams/SessionResults')),
};

const ApplicationDetail = page(m.applicationDetail, (x) => x.default);

/** A list, its "new" form and its detail under one ability subject (the catalog's simple resources). */
function crud(path: string, subject: string, list: Page, detail: Page, menu?: MenuEntry): Resource[] {
  return [
    { path, ability: ['read', subject], page: list, menu },
    { path: `${path}/new`, ability: ['create', subject], page: detail },
    { path: `${path}/:id`, ability: ['read', subject], page: detail },
  ];
}

export const NAV_GROUPS: { key: NavGroupKey; label: string; icon: ReactNode }[] = [
  { key: 'registration', icon: <SolutionOutlined />, label: 'งานทะเบียน' },
  { key: 'finance', icon: <DollarOutlined />, label: 'การเงิน' },
  { key: 'exam', icon: <AuditOutlined />, label: 'การสอบ' },
  { key: 'master', icon: <ReadOutlined />, label: 'ข้อมูลหลัก' },
  { key: 'staff', icon: <TeamOutlined />, label: 'บุคลากร' },
  { key: 'vehicle', icon: <CarOutlined />, label: 'ยานพาหนะ' },
  { key: 'accounting', icon: <BankOutlined />, label: 'บัญชี' },
  { key: 'settings', icon: <SettingOutlined />, label: 'ตั้งค่า' },
];

/** Every screen. Menu order within a group follows this order. */
export const RESOURCES: Resource[] = [
  { path: '/', page: page(m.home, (x) => x.HomePage, true) },
  {
    path: '/applications/new',
    ability: ['create', 'Application'],
    page: page(m.newApplication, (x) => x.default),
    menu: {
      label: 'สมัครเรียน',
      group: 'registration',
      icon: <UserAddOutlined />,
      description: 'รับสมัครผู้เรียนใหม่ อ่านบัตรประชาชน ใช้โปรโมชั่น และรับมัดจำ',
    },
  },
  {
    path: '/applications',
    ability: ['read', 'Application'],
    page: page(m.applications, (x) => x.default),
    list: applicationListSource,
    menu: {
      label: 'รายการสมัครเรียน',
      group: 'registration',
      icon: <UnorderedListOutlined />,
      description: 'ค้นหาใบสมัครด้วยชื่อ เลขบัตรประชาชน หรือเบอร์โทร',
    },
  },
  { path: '/applications/:id', ability: ['read', 'Application'], page: ApplicationDetail },
  {
    path: '/overdue',
    ability: ['read', 'Application'],
    page: page(m.overdue, (x) => x.default),
    menu: {
      label: 'ยอดค้างชำระ',
      group: 'finance',
      icon: <ClockCircleOutlined />,
      description: 'ใบสมัครที่ค้างชำระ เรียงจากค้างนานที่สุด',
    },
  },
  {
    path: '/payments',
    ability: ['read', 'Payment'],
    page: page(m.payments, (x) => x.default),
    menu: {
      label: 'ประวัติการชำระเงิน',
      group: 'finance',
      icon: <HistoryOutlined />,
      description: 'รายการรับชำระและคืนเงินตามช่วงวันที่ พร้อมยอดเงินสด/เงินโอน',
    },
  },
  {
    path: '/requests',
    ability: ['read', 'Request'],
    page: page(m.approvals, (x) => x.default),
    menu: {
      label: 'คำขออนุมัติ',
      group: 'finance',
      icon: <AuditOutlined />,
      description: 'คำขอยกเลิกรายการชำระที่รออนุมัติ',
      badge: lazy(() =>
        import('../features/approvals/PendingBadge').then((x) => ({ default: x.PendingRequestsBadge })),
      ),
    },
  },
  {
    path: '/cash-close',
    ability: ['read', 'Payment'],
    page: page(m.cashclose, (x) => x.default),
    menu: {
      label: 'ปิดยอดประจำวัน',
      group: 'finance',
      icon: <LockOutlined />,
      description: 'สรุปเงินสดและเงินโอนของวัน ปิดยอดและพิมพ์ให้ผู้จัดการลงนาม',
    },
  },
  {
    path: '/fee-applications',
    ability: ['read', 'Application'],
    page: page(m.fees, (x) => () => <x.FeeApplicationList kind="fee" />),
    menu: {
      label: 'ค่าธรรมเนียมอื่น',
      group: 'registration',
      icon: <FileAddOutlined />,
      description: 'รับชำระค่าธรรมเนียมโดยไม่ต้องสมัครหลักสูตร',
    },
  },
  {
    path: '/fee-applications/new',
    ability: ['create', 'Application'],
    page: page(m.fees, (x) => () => <x.NewFeeApplication kind="fee" />),
  },
  {
    path: '/fee-applications/:id',
    ability: ['read', 'Application'],
    page: page(m.applicationDetail, (x) => () => <x.default prefix="applicationfee" back="/fee-applications" />),
  },
  {
    path: '/request-applications',
    ability: ['read', 'Application'],
    page: page(m.fees, (x) => () => <x.FeeApplicationList kind="request" />),
    menu: {
      label: 'ค่าคำร้อง',
      group: 'registration',
      icon: <FormOutlined />,
      description: 'คำร้องหลังสมัคร เช่น เปลี่ยนวันสอบ ต่ออายุสิทธิ์สอบ',
    },
  },
  {
    path: '/request-applications/new',
    ability: ['create', 'Application'],
    page: page(m.fees, (x) => () => <x.NewFeeApplication kind="request" />),
  },
  {
    path: '/request-applications/:id',
    ability: ['read', 'Application'],
    page: page(m.applicationDetail, (x) => () => (
      <x.default prefix="applicationrequest" back="/request-applications" />
    )),
  },
  {
    path: '/paybalance',
    ability: ['read', 'Application'],
    page: page(m.applications, (x) => x.PayBalanceList),
    list: payBalanceListSource,
    menu: {
      label: 'ชำระยอดคงเหลือ',
      group: 'finance',
      icon: <DollarOutlined />,
      description: 'รับชำระส่วนที่เหลือ พร้อมยอดรวมเงินสดและเงินโอน',
    },
  },
  {
    path: '/paybalance/:id',
    ability: ['read', 'Application'],
    page: page(m.applicationDetail, (x) => () => <x.default back="/paybalance" focusPay />),
  },
  // ---- exams (issue 13) ----
  {
    path: '/exams/schedule',
    ability: ['read', 'Exam'],
    page: page(m.examLists, (x) => x.ExamSchedule),
    menu: {
      label: 'ตารางสอบ',
      group: 'exam',
      icon: <ScheduleOutlined />,
      description: 'ผู้เข้าสอบของวันนี้หรือช่วงวันที่ พร้อมผลสอบ',
    },
  },
  {
    path: '/exams/calendar',
    ability: ['read', 'Exam'],
    page: page(m.examCalendar, (x) => x.default),
    menu: {
      label: 'ปฏิทินสอบ',
      group: 'exam',
      icon: <CalendarOutlined />,
      description: 'รอบสอบรายเดือนและรายสัปดาห์ สร้างรอบสอบ จองสอบ พิมพ์รายชื่อ',
    },
  },
  {
    path: '/exams/manage',
    ability: ['read', 'Exam'],
    page: page(m.examLists, (x) => x.ManageExam),
    menu: {
      label: 'จัดการสอบ',
      group: 'exam',
      icon: <EditOutlined />,
      description: 'ผู้เรียนที่ค้างชำระก่อนสอบ และบันทึกผลสอบของรอบวันนี้',
    },
  },
  {
    path: '/exams/permissions',
    ability: ['read', 'Exam'],
    page: page(m.examLists, (x) => x.PermissionList),
    menu: {
      label: 'สิทธิ์สอบ',
      group: 'exam',
      icon: <SafetyOutlined />,
      description: 'วันหมดสิทธิ์สอบ ต่ออายุหรือระงับสิทธิ์พร้อมเหตุผลและประวัติ',
    },
  },
  { path: '/exams/permissions/:id', ability: ['read', 'Exam'], page: page(m.examPermission, (x) => x.default) },
  {
    path: '/exams/history',
    ability: ['read', 'Exam'],
    page: page(m.examLists, (x) => x.ExamHistory),
    menu: {
      label: 'ประวัติการสอบ',
      group: 'exam',
      icon: <HistoryOutlined />,
      description: 'ผลสอบย้อนหลัง คะแนนภาคทฤษฎีและผลภาคปฏิบัติ',
    },
  },
  { path: '/exams/sessions/:id', ability: ['read', 'Exam'], page: page(m.examResults, (x) => x.default) },
  ...crud(
    '/courses',
    'Course',
    page(m.courses, (x) => x.CourseList),
    page(m.courses, (x) => x.CourseDetail),
    {
      label: 'หลักสูตร',
      group: 'master',
      icon: <ReadOutlined />,
      description: 'หลักสูตรที่เปิดสอน ราคา ชั่วโมงเรียน และประเภทใบขับขี่',
    },
  ),
  ...crud(
    '/promotions',
    'Promotion',
    page(m.promotions, (x) => x.PromotionList),
    page(m.promotions, (x) => x.PromotionDetail),
    {
      label: 'โปรโมชั่น/ส่วนลด',
      group: 'master',
      icon: <TagsOutlined />,
      description: 'รหัสส่วนลดแบบเปอร์เซ็นต์หรือจำนวนเงิน ช่วงเวลา และจำนวนสิทธิ์',
    },
  ),
  ...crud(
    '/otherfees',
    'OtherFee',
    page(m.otherFees, (x) => x.OtherFeeList),
    page(m.otherFees, (x) => x.OtherFeeDetail),
    {
      label: 'ค่าธรรมเนียมอื่น/ค่าคำร้อง',
      group: 'master',
      icon: <ProfileOutlined />,
      description: 'ค่าเช่ารถสอบ ใบรับรองแพทย์ ค่าธรรมเนียมใบขับขี่ และค่าคำร้อง',
    },
  ),
  ...crud(
    '/evaluates',
    'Evaluate',
    page(m.others, (x) => x.EvaluateList),
    page(m.others, (x) => x.EvaluateDetail),
    { label: 'หัวข้อการประเมิน', group: 'master', icon: <CheckSquareOutlined />, description: 'หัวข้อที่ครูฝึกใช้ประเมินผู้เรียน' },
  ),
  ...crud(
    '/list-payroll',
    'ListPayroll',
    page(m.others, (x) => x.PayrollItemList),
    page(m.others, (x) => x.PayrollItemDetail),
    {
      label: 'รายการเงินเดือน',
      group: 'staff',
      icon: <CalculatorOutlined />,
      description: 'รายได้และรายการหักสำหรับคำนวณเงินเดือน',
    },
  ),
  // ---- payroll (issue 15) ----
  {
    path: '/payroll',
    ability: ['read', 'Payroll'],
    page: page(m.payroll, (x) => x.PayrollList),
    menu: {
      label: 'เงินเดือน',
      group: 'staff',
      icon: <DollarOutlined />,
      description: 'จัดทำเงินเดือนรายสาขา ส่งตรวจ ยืนยัน และอนุมัติ',
    },
  },
  { path: '/payroll/sheet', ability: ['read', 'Payroll'], page: page(m.payroll, (x) => x.PayrollSheet) },
  {
    path: '/payroll/report',
    ability: ['read', 'Payroll'],
    page: page(m.payroll, (x) => x.PayrollReport),
    menu: {
      label: 'รายงานเงินเดือน',
      group: 'staff',
      icon: <ProfileOutlined />,
      description: 'เงินเดือนของพนักงานทุกคนรายเดือน พร้อมสลิปเงินเดือน',
    },
  },
  {
    path: '/payroll/payslips',
    ability: ['read', 'Payroll'],
    page: page(m.payroll, (x) => x.PayslipList),
    menu: { label: 'สลิปเงินเดือน', group: 'staff', icon: <FileAddOutlined />, description: 'สลิปเงินเดือนที่ออกแล้วทุกฉบับ' },
  },
  { path: '/payroll/history/:id', ability: ['read', 'Payroll'], page: page(m.payroll, (x) => x.PayrollHistory) },
  {
    path: '/payroll/staff',
    ability: ['read', 'Payroll'],
    page: page(m.payroll, (x) => x.PayrollStaffList),
    menu: {
      label: 'พนักงานในระบบเงินเดือน',
      group: 'staff',
      icon: <TeamOutlined />,
      description: 'เงินเดือน รายได้และรายการหักประจำของพนักงาน',
    },
  },
  { path: '/payroll/staff/:id', ability: ['read', 'Payroll'], page: page(m.payroll, (x) => x.PayrollStaffDetail) },
  ...crud(
    '/list-expenses',
    'ListExpense',
    page(m.others, (x) => x.ExpenseList),
    page(m.others, (x) => x.ExpenseDetail),
    {
      label: 'รายการค่าใช้จ่าย',
      group: 'accounting',
      icon: <WalletOutlined />,
      description: 'รายการรายจ่ายของโรงเรียนแยกตามหมวดหมู่',
    },
  ),
  {
    path: '/accounting',
    ability: ['read', 'Accounting'],
    page: page(m.accounting, (x) => x.default),
    menu: {
      label: 'รายรับ–รายจ่าย',
      group: 'accounting',
      icon: <FundOutlined />,
      description: 'รายรับจากการชำระเงินและรายรับอื่น รายจ่ายตามหมวดหมู่ พร้อมกราฟและรายงาน',
    },
  },
  // ---- vehicles (issue 14) ----
  {
    path: '/vehicles',
    ability: ['read', 'Vehicle'],
    page: page(m.vehicles, (x) => x.default),
    list: vehicleListSource,
    menu: {
      label: 'รถของโรงเรียน',
      group: 'vehicle',
      icon: <CarOutlined />,
      description: 'รถฝึกและรถสอบ วันครบกำหนดภาษี พ.ร.บ. ประกันภัย เลขไมล์และอัตราสิ้นเปลือง',
    },
  },
  { path: '/vehicles/new', ability: ['create', 'Vehicle'], page: page(m.vehicleDetail, (x) => x.default) },
  { path: '/vehicles/:id', ability: ['read', 'Vehicle'], page: page(m.vehicleDetail, (x) => x.default) },
  {
    path: '/vehicle-expenses',
    ability: ['read', 'Accounting'],
    page: page(m.vehicleExpenses, (x) => x.default),
    menu: {
      label: 'ค่าใช้จ่ายยานพาหนะ',
      group: 'vehicle',
      icon: <WalletOutlined />,
      description: 'น้ำมัน ซ่อมบำรุง ภาษี พ.ร.บ. และประกันภัยของรถทุกคัน พร้อมใบเสร็จ',
    },
  },
  {
    path: '/vehicle-reminders',
    ability: ['read', 'Vehicle'],
    page: page(m.vehicleReminders, (x) => x.default),
    menu: {
      label: 'แจ้งเตือนครบกำหนดรถ',
      group: 'vehicle',
      icon: <ClockCircleOutlined />,
      description: 'ภาษี พ.ร.บ. ประกันภัย และตรวจสภาพที่ใกล้ครบกำหนดหรือเลยกำหนด',
      badge: lazy(() =>
        import('../features/vehicles/ReminderBadge').then((x) => ({ default: x.VehicleReminderBadge })),
      ),
    },
  },
  ...crud(
    '/employees',
    'User',
    page(m.employees, (x) => x.default),
    page(m.employeeDetail, (x) => x.default),
    { label: 'พนักงาน', group: 'staff', icon: <IdcardOutlined />, description: 'ข้อมูลพนักงาน บัญชีผู้ใช้ เงินเดือนและวันหยุด' },
  ),
  ...crud(
    '/branches',
    'Branch',
    page(m.branches, (x) => x.default),
    page(m.branchDetail, (x) => x.default),
    {
      label: 'สาขา',
      group: 'settings',
      icon: <ApartmentOutlined />,
      description: 'สาขาของโรงเรียน ที่อยู่ และเลขที่สาขาทางภาษี',
    },
  ),
  {
    path: '/evaluations',
    ability: ['read', 'Exam'],
    page: page(m.evaluations, (x) => x.default),
    menu: {
      label: 'ประเมินผลผู้เรียน',
      group: 'exam',
      icon: <CheckSquareOutlined />,
      description: 'ชั่วโมงอบรมและผลการประเมินตามหัวข้อ พิมพ์บันทึกการอบรมและใบรับรองผลการอบรม',
    },
  },
  { path: '/evaluations/settings', ability: ['manage', 'Setting'], page: page(m.evaluationSettings, (x) => x.default) },
  { path: '/evaluations/:id', ability: ['read', 'Exam'], page: page(m.evaluationDetail, (x) => x.default) },
  {
    path: '/vehicle-checks',
    ability: ['read', 'Exam'],
    page: page(m.vehicleChecks, (x) => x.default),
    menu: {
      label: 'ตรวจสภาพรถก่อนสอบ',
      group: 'exam',
      icon: <CarOutlined />,
      description: 'ตรวจรถที่ใช้สอบ ภาษีและ พ.ร.บ. ต้องไม่หมดอายุก่อนวันสอบ',
    },
  },
  { path: '/vehicle-checks/:id', ability: ['read', 'Exam'], page: page(m.vehicleCheckDetail, (x) => x.default) },
  {
    path: '/audit',
    ability: ['read', 'Audit'],
    page: page(m.audit, (x) => x.default),
    menu: {
      label: 'ประวัติการใช้งาน',
      group: 'settings',
      icon: <HistoryOutlined />,
      description: 'ใครทำอะไร เมื่อไร ที่สาขาใด พร้อมค่าก่อนและหลังการเปลี่ยนแปลง',
    },
  },
  {
    path: '/settings',
    ability: ['manage', 'Setting'],
    page: page(m.settings, (x) => x.default),
    menu: {
      label: 'ตั้งค่าโรงเรียน',
      group: 'settings',
      icon: <ShopOutlined />,
      description: 'ชื่อโรงเรียน เลขผู้เสียภาษี ภาษีมูลค่าเพิ่ม และพร้อมเพย์',
    },
  },
  { path: '/help/card-agent', page: page(m.help, (x) => x.default) },
  { path: '/profile', page: page(m.profile, (x) => x.default) },
];
