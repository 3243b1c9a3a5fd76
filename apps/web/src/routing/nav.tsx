/**
 * The menu as the pages see it: its groups, and the entries the user may open (AppLayout provides them, the
 * home page lists them). No import of the registry here: a page reads the menu through this context.
 */
import {
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarOutlined,
  DollarOutlined,
  ReadOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AbilityRule, NavGroupKey } from './resource';

export const NAV_GROUPS: { key: NavGroupKey; label: string; icon: ReactNode }[] = [
  { key: 'registration', icon: <SolutionOutlined />, label: 'งานทะเบียน' },
  { key: 'lessons', icon: <CalendarOutlined />, label: 'ตารางเรียน' },
  { key: 'finance', icon: <DollarOutlined />, label: 'การเงิน' },
  { key: 'exam', icon: <AuditOutlined />, label: 'การสอบ' },
  { key: 'master', icon: <ReadOutlined />, label: 'ข้อมูลหลัก' },
  { key: 'staff', icon: <TeamOutlined />, label: 'บุคลากร' },
  { key: 'vehicle', icon: <CarOutlined />, label: 'ยานพาหนะ' },
  { key: 'accounting', icon: <BankOutlined />, label: 'บัญชี' },
  { key: 'settings', icon: <SettingOutlined />, label: 'ตั้งค่า' },
];

export interface NavEntry {
  /** Route path; also the menu key. */
  path: string;
  label: string;
  group: NavGroupKey;
  icon?: ReactNode;
  ability: AbilityRule;
  description?: string;
  /** Shown after the label in the menu, e.g. a count of what waits there. */
  badge?: ComponentType;
  /** Starts loading the page's code (the menu calls it when the pointer or the focus reaches the entry). */
  preload: () => void;
}

const AllowedNav = createContext<NavEntry[]>([]);

/** AppLayout puts the user's allowed menu entries here. */
export const AllowedNavProvider = AllowedNav.Provider;

/** The menu entries the logged-in user may open, in menu order. */
export const useAllowedNav = () => useContext(AllowedNav);
