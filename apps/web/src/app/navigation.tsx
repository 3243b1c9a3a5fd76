/**
 * The navigation table. A feature adds ONE entry here (and its route in router.tsx).
 * The Sider shows an entry only when the user's ability allows it; a group appears only when
 * at least one of its entries is visible. Group order follows NAV_GROUPS.
 */
import {
  AuditOutlined, BankOutlined, CarOutlined, DollarOutlined, ReadOutlined, SettingOutlined, SolutionOutlined, TeamOutlined,
  ApartmentOutlined, ShopOutlined, IdcardOutlined,
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
