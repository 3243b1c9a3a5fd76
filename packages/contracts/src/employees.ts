/** Employees: the register/update/profile bodies, an employee as answered, the table row and the form's options. */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, Money, Nullable, Text } from './common.js';
import { Ability, UserData } from './auth.js';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const EmployeeFields = {
  is_foreigner: Type.Optional(Type.Boolean()),
  idcard: Type.Optional(Text(20)),
  prefix: Type.Optional(Text(30)),
  fname: Type.String({ minLength: 1, maxLength: 100 }),
  sname: Type.Optional(Text(100)),
  prefix_en: Type.Optional(Text(30)),
  fname_en: Type.Optional(Text(100)),
  sname_en: Type.Optional(Text(100)),
  nickname: Type.Optional(Text(50)),
  birthday: Type.Optional(Nullable(IsoDate('birth'))),
  address: Type.Optional(Text(200)),
  moo: Type.Optional(Text(20)),
  soi: Type.Optional(Text(100)),
  street: Type.Optional(Text(100)),
  subdistrict: Type.Optional(Text(100)),
  district: Type.Optional(Text(100)),
  province: Type.Optional(Text(100)),
  postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  phone_1: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  phone_2: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 200 })])),
  start_date: Type.Optional(Nullable(IsoDate('history'))),
  department: Type.Optional(Text(100)),
  position: Type.Optional(Text(100)),
  bank: Type.Optional(Text(100)),
  bank_acc: Type.Optional(Type.String({ pattern: '^[0-9\\-]{0,20}$' })),
  bank_acc_type: Type.Optional(Type.Union([Type.Literal('savings'), Type.Literal('current')])),
  branch_branch: Type.Optional(Text(100)),
  emergency_name: Type.Optional(Text(200)),
  emergency_phone: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  emergency_relation: Type.Optional(Text(50)),
  photo: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  employee_type: Type.Optional(Type.Union([Type.Literal('monthly'), Type.Literal('daily')])),
  salary: Type.Optional(Money()),
  extra_salary: Type.Optional(Money()),
  salary_pay_type: Type.Optional(Type.Union([Type.Literal('cash'), Type.Literal('transfer')])),
  sso_salary: Type.Optional(Money()),
  day_off: Type.Optional(
    Type.Array(Type.Union(WEEKDAYS.map((d) => Type.Literal(d))), { maxItems: 7, uniqueItems: true }),
  ),
  is_salary_daily: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  role_id: Id(),
  branch_id: Id(),
};

export const Username = Type.String({ pattern: '^[A-Za-z0-9._-]{3,50}$', minLength: 3, maxLength: 50 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });

export type WeekdayKey = (typeof WEEKDAYS)[number];

export const RegisterBody = Type.Object(
  { username: Username, password: Password, ...EmployeeFields },
  { additionalProperties: false },
);
export const UpdateBody = Type.Object(
  {
    user_id: Id(),
    username: Type.Optional(Username),
    password: Type.Optional(Password),
    ...EmployeeFields,
  },
  { additionalProperties: false },
);
export const DeleteBody = Type.Object({ user_id: Id() }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object(
  { old_password: Type.String({ minLength: 1, maxLength: 200 }), new_password: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
export const ProfileBody = Type.Object(
  {
    nickname: Type.Optional(Text(50)),
    phone_1: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
    phone_2: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
    email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 200 })])),
    address: Type.Optional(Text(200)),
    moo: Type.Optional(Text(20)),
    soi: Type.Optional(Text(100)),
    street: Type.Optional(Text(100)),
    subdistrict: Type.Optional(Text(100)),
    district: Type.Optional(Text(100)),
    province: Type.Optional(Text(100)),
    postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
    emergency_name: Type.Optional(Text(200)),
    emergency_phone: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
    emergency_relation: Type.Optional(Text(50)),
    photo: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;
export type UpdateBody = Static<typeof UpdateBody>;
export type ProfileBody = Static<typeof ProfileBody>;

const Day = () => Nullable(Type.String({ description: 'ISO date' }));
/** An employee as answered (never the password hash). */
export const Employee = Type.Object({
  user_id: Id(),
  username: Type.String(),
  role_id: Type.Integer(),
  branch_id: Type.Integer(),
  status: Type.String(),
  is_foreigner: Type.Boolean(),
  idcard: Type.String(),
  prefix: Type.String(),
  fname: Type.String(),
  sname: Type.String(),
  prefix_en: Type.String(),
  fname_en: Type.String(),
  sname_en: Type.String(),
  nickname: Type.String(),
  birthday: Day(),
  address: Type.String(),
  moo: Type.String(),
  soi: Type.String(),
  street: Type.String(),
  subdistrict: Type.String(),
  district: Type.String(),
  province: Type.String(),
  postcode: Type.String(),
  phone_1: Type.String(),
  phone_2: Type.String(),
  email: Type.String(),
  start_date: Day(),
  department: Type.String(),
  position: Type.String(),
  bank: Type.String(),
  bank_acc: Type.String(),
  bank_acc_type: Type.String(),
  branch_branch: Type.String(),
  emergency_name: Type.String(),
  emergency_phone: Type.String(),
  emergency_relation: Type.String(),
  photo: Nullable(Type.String()),
  employee_type: Type.String(),
  salary: Money(),
  extra_salary: Money(),
  salary_pay_type: Type.String(),
  sso_salary: Money(),
  day_off: Type.Array(Type.String()),
  is_salary_daily: Type.Boolean(),
  is_delete: Type.Boolean(),
  is_demo: Type.Boolean(),
  password_changed_at: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  role_name: Type.Optional(Type.String()),
  role_slug: Type.Optional(Type.String()),
  branch_name: Type.Optional(Type.String()),
});
export type Employee = Static<typeof Employee>;

/** My own profile: the employee and the session's userData and abilities. */
export const Me = Type.Object({ ...Employee.properties, userData: UserData, ability: Type.Array(Ability) });
export type Me = Static<typeof Me>;

export const EmployeeRow = Type.Object({
  user_id: Id(),
  username: Type.String(),
  prefix: Type.String(),
  fname: Type.String(),
  sname: Type.String(),
  nickname: Type.String(),
  phone_1: Type.String(),
  idcard: Type.String(),
  position: Type.String(),
  department: Type.String(),
  status: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  photo: Nullable(Type.String()),
  start_date: Day(),
  is_demo: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type EmployeeRow = Static<typeof EmployeeRow>;

const Opt = Type.Object({ name: Type.String(), value: Type.Union([Type.String(), Type.Integer(), Type.Boolean()]) });
export const EmployeeFormOptions = Type.Object({
  role: Type.Array(Type.Object({ role_id: Type.Integer(), name: Type.String(), slug: Type.String() })),
  bank: Type.Array(Opt),
  department: Type.Array(Opt),
  position: Type.Array(Opt),
  branch: Type.Array(Type.Object({ branch_id: Type.Integer(), name: Type.String() })),
  weekdays: Type.Array(Opt),
  pay_type: Type.Array(Opt),
  salary_pay_type: Type.Array(Opt),
  bank_acc_type: Type.Array(Opt),
  status: Type.Array(Opt),
  prefix: Type.Array(Opt),
});
export type EmployeeFormOptions = Static<typeof EmployeeFormOptions>;
