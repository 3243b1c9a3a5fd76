import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** timestamptz returned as a JS Date; serialised to ISO 8601 at the edge. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money is numeric(14,2) in the database and a decimal string in TypeScript; arithmetic goes through satang. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const day = (name: string) => date(name, { mode: 'string' });

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export type Ability = { action: string; subject: string };

export const branches = pgTable(
  'branches',
  {
    branch_id: integer('branch_id').primaryKey().generatedAlwaysAsIdentity(),
    parent_id: integer('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    is_head_office: boolean('is_head_office').notNull().default(false),
    address: text('address').notNull().default(''),
    moo: text('moo').notNull().default(''),
    soi: text('soi').notNull().default(''),
    street: text('street').notNull().default(''),
    subdistrict: text('subdistrict').notNull().default(''),
    district: text('district').notNull().default(''),
    province: text('province').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    phone_1: text('phone_1').notNull().default(''),
    phone_2: text('phone_2').notNull().default(''),
    line: text('line').notNull().default(''),
    tax_branch_no: text('tax_branch_no').notNull().default(''),
    /** the Social Security Office's 6-digit branch number (สำนักงานใหญ่ 000000), kept apart from the tax one */
    sso_branch_no: text('sso_branch_no').notNull().default(''),
    is_delete: boolean('is_delete').notNull().default(false),
    is_demo: boolean('is_demo').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('branches_code_live')
      .on(t.code)
      .where(sql`not ${t.is_delete}`),
    index('branches_parent').on(t.parent_id),
  ],
);

export const roles = pgTable('roles', {
  role_id: integer('role_id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** sees every branch regardless of the user's own branch */
  all_branches: boolean('all_branches').notNull().default(false),
  /** also sees the child branches of the user's branch */
  child_branches: boolean('child_branches').notNull().default(false),
  abilities: jsonb('abilities').$type<Ability[]>().notNull(),
  sort: integer('sort').notNull().default(0),
  is_delete: boolean('is_delete').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const files = pgTable('files', {
  file_id: uuid('file_id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  branch_id: integer('branch_id'),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  created_by: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    user_id: integer('user_id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    status: text('status').notNull().default('active'),
    is_foreigner: boolean('is_foreigner').notNull().default(false),
    idcard: text('idcard').notNull().default(''),
    prefix: text('prefix').notNull().default(''),
    fname: text('fname').notNull(),
    sname: text('sname').notNull().default(''),
    prefix_en: text('prefix_en').notNull().default(''),
    fname_en: text('fname_en').notNull().default(''),
    sname_en: text('sname_en').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    birthday: day('birthday'),
    address: text('address').notNull().default(''),
    moo: text('moo').notNull().default(''),
    soi: text('soi').notNull().default(''),
    street: text('street').notNull().default(''),
    subdistrict: text('subdistrict').notNull().default(''),
    district: text('district').notNull().default(''),
    province: text('province').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    phone_1: text('phone_1').notNull().default(''),
    phone_2: text('phone_2').notNull().default(''),
    email: text('email').notNull().default(''),
    start_date: day('start_date'),
    department: text('department').notNull().default(''),
    position: text('position').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bank_acc: text('bank_acc').notNull().default(''),
    bank_acc_type: text('bank_acc_type').notNull().default('savings'),
    branch_branch: text('branch_branch').notNull().default(''),
    emergency_name: text('emergency_name').notNull().default(''),
    emergency_phone: text('emergency_phone').notNull().default(''),
    emergency_relation: text('emergency_relation').notNull().default(''),
    photo: uuid('photo'),
    employee_type: text('employee_type').notNull().default('monthly'),
    salary: money('salary').notNull().default('0'),
    extra_salary: money('extra_salary').notNull().default('0'),
    salary_pay_type: text('salary_pay_type').notNull().default('transfer'),
    sso_salary: money('sso_salary').notNull().default('0'),
    day_off: jsonb('day_off').$type<string[]>().notNull().default([]),
    is_salary_daily: boolean('is_salary_daily').notNull().default(false),
    is_delete: boolean('is_delete').notNull().default(false),
    is_demo: boolean('is_demo').notNull().default(false),
    password_changed_at: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_live')
      .on(sql`lower(${t.username})`)
      .where(sql`not ${t.is_delete}`),
    index('users_branch').on(t.branch_id),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    family_id: uuid('family_id').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    revoked_at: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family').on(t.family_id), index('refresh_tokens_user').on(t.user_id)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ip: text('ip').notNull(),
    username: text('username').notNull(),
    success: boolean('success').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_ip_at').on(t.ip, t.at), index('login_attempts_user_at').on(t.username, t.at)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id'),
    branch_id: integer('branch_id'),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_entity').on(t.entity, t.entity_id), index('audit_at').on(t.at)],
);

export const schoolSettings = pgTable('school_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull().default(''),
  name_en: text('name_en').notNull().default(''),
  tax_id: text('tax_id').notNull().default(''),
  /** the 10-digit employer account number the Social Security Office gave the school (เลขที่บัญชีนายจ้าง) */
  sso_account: text('sso_account').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  vat_mode: text('vat_mode').notNull().default('exempt'),
  promptpay_id: text('promptpay_id').notNull().default(''),
  logo: uuid('logo'),
  card_agent_port: integer('card_agent_port').notNull().default(8189),
  // ---- exams (issue 13): every number of an exam rule lives here, none in code ----
  /** booking needs the application paid in full (ชำระครบ) */
  exam_needs_full_payment: boolean('exam_needs_full_payment').notNull().default(true),
  /** theory exam: number of questions and the pass mark */
  exam_theory_questions: integer('exam_theory_questions').notNull().default(50),
  exam_theory_pass_mark: integer('exam_theory_pass_mark').notNull().default(45),
  /** days a student waits after a failed attempt before the next one of the same kind */
  exam_retake_wait_days: integer('exam_retake_wait_days').notNull().default(7),
  /** a new course line's exam permission lasts this many days from registration */
  exam_permission_days: integer('exam_permission_days').notNull().default(90),
  /** the home page warns of permissions that end within this many days */
  exam_permission_warn_days: integer('exam_permission_warn_days').notNull().default(14),
  /** minimum recorded training hours per licence type before an exam, e.g. {"รถยนต์": 15}; absent = no minimum */
  exam_min_training_hours: jsonb('exam_min_training_hours').$type<Record<string, number>>().notNull().default({}),
  /** the request fees (other_fees with is_request_fee) an extension and a change of exam date carry; null = none */
  exam_extend_fee_id: integer('exam_extend_fee_id'),
  exam_changedate_fee_id: integer('exam_changedate_fee_id'),
  // ---- end exams ----
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
