/**
 * The navigation table. A feature adds ONE entry here (and its route in router.tsx).
 * The Sider shows an entry only when the user's ability allows it; a group appears only when
 * at least one of its entries is visible. Group order follows NAV_GROUPS.
 */
import {
  AuditOutlined, BankOutlined, CarOutlined, DollarOutlined, ReadOutlined, SettingOutlined, SolutionOutlined, TeamOutlined,
  ApartmentOutlined, ShopOutlined, IdcardOutlined, TagsOutlined, ProfileOutlined, UserAddOutlined, UnorderedListOutlined, ClockCircleOutlined, HistoryOutlined, LockOutlined, FileAddOutlined, FormOutlined, CheckSquareOutlined, CalculatorOutlined, WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { can, type Ability } from '../api/session';

export type NavGroupKey = 'registration' | 'finance' | 'exam' | 'master' | 'staff' | 'vehicle' | 'accounting' | 'settings';

export const NAV_GROUPS: { key: NavGroupKey; label: string; icon: ReactNode }[] = [
  { key: 'registration', label: 'งานทะเบียน', icon: <SolutionOutlined /> },
  { key: 'finance', label: 'การเงิน', icon: <DollarOutlined /> },
  { key: 'exam', label: 'การสอบ', icon: <AuditOutlined /> },
  { key: 'master', label: 'ข้อมูลหลัก', icon: <ReadOutlined /> },
  { key: 'staff', label: 'บุคลากร', icon: <TeamOutlined /> },
  { key: 'vehicle', label: 'ยานพาหนะ', icon: <CarOutlined /> },
  { key: 'accounting', label: 'บัญชี', icon: <BankOutlined /> },
  { key: 'settings', label: 'ตั้งค่า', icon: <SettingOutlined /> },
];

export interface NavEntry {
  /** Route path; also the menu key. */
  path: string;
  label: string;
  group: NavGroupKey;
  icon?: ReactNode;
  /** Needed ability, e.g. ['read', 'User']. */
  ability: [action: string, subject: string];
  /** One-line description on the home page's quick links. */
  description?: string;
}

export const NAV: NavEntry[] = [
  { path: '/applications/new', label: 'สมัครเรียน', group: 'registration', icon: <UserAddOutlined />, ability: ['create', 'Application'], description: 'รับสมัครผู้เรียนใหม่ อ่านบัตรประชาชน ใช้โปรโมชั่น และรับมัดจำ' },
  { path: '/applications', label: 'รายการสมัครเรียน', group: 'registration', icon: <UnorderedListOutlined />, ability: ['read', 'Application'], description: 'ค้นหาใบสมัครด้วยชื่อ เลขบัตรประชาชน หรือเบอร์โทร' },
  { path: '/overdue', label: 'ยอดค้างชำระ', group: 'finance', icon: <ClockCircleOutlined />, ability: ['read', 'Application'], description: 'ใบสมัครที่ค้างชำระ เรียงจากค้างนานที่สุด' },
  { path: '/payments', label: 'ประวัติการชำระเงิน', group: 'finance', icon: <HistoryOutlined />, ability: ['read', 'Payment'], description: 'รายการรับชำระและคืนเงินตามช่วงวันที่ พร้อมยอดเงินสด/เงินโอน' },
  { path: '/requests', label: 'คำขออนุมัติ', group: 'finance', icon: <AuditOutlined />, ability: ['read', 'Request'], description: 'คำขอยกเลิกรายการชำระที่รออนุมัติ' },
  { path: '/cash-close', label: 'ปิดยอดประจำวัน', group: 'finance', icon: <LockOutlined />, ability: ['read', 'Payment'], description: 'สรุปเงินสดและเงินโอนของวัน ปิดยอดและพิมพ์ให้ผู้จัดการลงนาม' },
  { path: '/fee-applications', label: 'ค่าธรรมเนียมอื่น', group: 'registration', icon: <FileAddOutlined />, ability: ['read', 'Application'], description: 'รับชำระค่าธรรมเนียมโดยไม่ต้องสมัครหลักสูตร' },
  { path: '/request-applications', label: 'ค่าคำร้อง', group: 'registration', icon: <FormOutlined />, ability: ['read', 'Application'], description: 'คำร้องหลังสมัคร เช่น เปลี่ยนวันสอบ ต่ออายุสิทธิ์สอบ' },
  { path: '/paybalance', label: 'ชำระยอดคงเหลือ', group: 'finance', icon: <DollarOutlined />, ability: ['read', 'Application'], description: 'รับชำระส่วนที่เหลือ พร้อมยอดรวมเงินสดและเงินโอน' },
  { path: '/courses', label: 'หลักสูตร', group: 'master', icon: <ReadOutlined />, ability: ['read', 'Course'], description: 'หลักสูตรที่เปิดสอน ราคา ชั่วโมงเรียน และประเภทใบขับขี่' },
  { path: '/promotions', label: 'โปรโมชั่น/ส่วนลด', group: 'master', icon: <TagsOutlined />, ability: ['read', 'Promotion'], description: 'รหัสส่วนลดแบบเปอร์เซ็นต์หรือจำนวนเงิน ช่วงเวลา และจำนวนสิทธิ์' },
  { path: '/otherfees', label: 'ค่าธรรมเนียมอื่น/ค่าคำร้อง', group: 'master', icon: <ProfileOutlined />, ability: ['read', 'OtherFee'], description: 'ค่าเช่ารถสอบ ใบรับรองแพทย์ ค่าธรรมเนียมใบขับขี่ และค่าคำร้อง' },
  { path: '/evaluates', label: 'หัวข้อการประเมิน', group: 'master', icon: <CheckSquareOutlined />, ability: ['read', 'Evaluate'], description: 'หัวข้อที่ครูฝึกใช้ประเมินผู้เรียน' },
  { path: '/list-payroll', label: 'รายการเงินเดือน', group: 'staff', icon: <CalculatorOutlined />, ability: ['read', 'ListPayroll'], description: 'รายได้และรายการหักสำหรับคำนวณเงินเดือน' },
  { path: '/list-expenses', label: 'รายการค่าใช้จ่าย', group: 'accounting', icon: <WalletOutlined />, ability: ['read', 'ListExpense'], description: 'รายการรายจ่ายของโรงเรียนแยกตามหมวดหมู่' },
  { path: '/employees', label: 'พนักงาน', group: 'staff', icon: <IdcardOutlined />, ability: ['read', 'User'], description: 'ข้อมูลพนักงาน บัญชีผู้ใช้ เงินเดือนและวันหยุด' },
  { path: '/branches', label: 'สาขา', group: 'settings', icon: <ApartmentOutlined />, ability: ['read', 'Branch'], description: 'สาขาของโรงเรียน ที่อยู่ และเลขที่สาขาทางภาษี' },
  { path: '/settings', label: 'ตั้งค่าโรงเรียน', group: 'settings', icon: <ShopOutlined />, ability: ['manage', 'Setting'], description: 'ชื่อโรงเรียน เลขผู้เสียภาษี ภาษีมูลค่าเพิ่ม และพร้อมเพย์' },
];

export function allowedNav(ability: Ability[]): NavEntry[] {
  return NAV.filter((e) => can(ability, e.ability[0], e.ability[1]));
}

/** The entry a pathname belongs to ('/employees/12' → '/employees'). */
export function navEntryOf(pathname: string): NavEntry | undefined {
  return NAV.find((e) => pathname === e.path || pathname.startsWith(e.path + '/'));
}
