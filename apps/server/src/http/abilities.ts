import type { Ability } from '../db/schema/core.js';

export type Action = 'manage' | 'read' | 'create' | 'update' | 'delete' | 'approve';
export type Subject =
  | 'all'
  | 'Branch'
  | 'User'
  | 'Role'
  | 'Setting'
  | 'Audit'
  | 'Course'
  | 'Promotion'
  | 'OtherFee'
  | 'ListExpense'
  | 'ListPayroll'
  | 'Evaluate'
  | 'Application'
  | 'Customer'
  | 'Payment'
  | 'Request'
  | 'Exam'
  | 'Lesson'
  | 'Vehicle'
  | 'Accounting'
  | 'Payroll';

/** CASL-style check: manage covers every action, all covers every subject. */
export function can(abilities: Ability[], action: Action, subject: Subject): boolean {
  return abilities.some(
    (a) => (a.action === action || a.action === 'manage') && (a.subject === subject || a.subject === 'all'),
  );
}

const all = (subject: Subject): Ability => ({ action: 'manage', subject });
const act = (action: Action, ...subjects: Subject[]): Ability[] => subjects.map((subject) => ({ action, subject }));

export interface RoleSeed {
  slug: string;
  name: string;
  all_branches: boolean;
  child_branches: boolean;
  abilities: Ability[];
  sort: number;
}

/** The roles a fresh database starts with. They are data: an owner may edit them later. */
export const seedRoles: RoleSeed[] = [
  {
    slug: 'owner',
    name: 'เจ้าของ/ผู้ดูแลระบบ',
    all_branches: true,
    child_branches: true,
    sort: 1,
    abilities: [all('all')],
  },
  {
    slug: 'manager',
    name: 'ผู้จัดการสาขา',
    all_branches: false,
    child_branches: true,
    sort: 2,
    abilities: [
      ...[
        'Course',
        'Promotion',
        'OtherFee',
        'ListExpense',
        'ListPayroll',
        'Evaluate',
        'Application',
        'Customer',
        'Payment',
        'Request',
        'Exam',
        'Lesson',
        'Vehicle',
        'User',
        'Accounting',
      ].map((s) => all(s as Subject)),
      ...act('read', 'Branch', 'Payroll', 'Audit'),
      ...act('update', 'Branch', 'Payroll'),
      ...act('approve', 'Payroll'),
    ],
  },
  {
    slug: 'cashier',
    name: 'พนักงานหน้าเคาน์เตอร์/การเงิน',
    all_branches: false,
    child_branches: false,
    sort: 3,
    abilities: [
      ...act(
        'read',
        'Branch',
        'Course',
        'Promotion',
        'OtherFee',
        'Evaluate',
        'Application',
        'Customer',
        'Payment',
        'Request',
        'Exam',
        'Lesson',
        'Vehicle',
      ),
      ...act('create', 'Application', 'Customer', 'Payment', 'Request', 'Lesson'),
      ...act('update', 'Application', 'Customer', 'Exam', 'Lesson'),
    ],
  },
  {
    slug: 'instructor',
    name: 'ครูฝึก',
    all_branches: false,
    child_branches: false,
    sort: 4,
    abilities: [
      ...act('read', 'Branch', 'Course', 'Evaluate', 'Application', 'Customer', 'Exam', 'Lesson', 'Vehicle'),
      ...act('update', 'Exam', 'Lesson'),
    ],
  },
  {
    slug: 'accountant',
    name: 'บัญชี/บุคคล',
    all_branches: false,
    child_branches: true,
    sort: 5,
    abilities: [
      ...['Accounting', 'ListExpense', 'ListPayroll', 'Payroll', 'User'].map((s) => all(s as Subject)),
      ...act(
        'read',
        'Branch',
        'Course',
        'OtherFee',
        'Promotion',
        'Application',
        'Customer',
        'Payment',
        'Request',
        'Vehicle',
        'Audit',
      ),
    ],
  },
];
