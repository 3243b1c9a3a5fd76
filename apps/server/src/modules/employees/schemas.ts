import { Type } from 'typebox';
import { Id, IsoDate, Money, Nullable, Text } from '@khabkhi/contracts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const profileFields = {
  is_foreigner: Type.Optional(Type.Boolean()),
  idcard: Type.Optional(Text(20)),
  prefix: Type.Optional(Text(30)),
  fname: Type.String({ minLength: 1, maxLength: 100 }),
  sname: Type.Optional(Text(100)),
  prefix_en: Type.Optional(Text(30)),
  fname_en: Type.Optional(Text(100)),
  sname_en: Type.Optional(Text(100)),
  nickname: Type.Optional(Text(50)),
  birthday: Type.Optional(Nullable(IsoDate())),
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
  start_date: Type.Optional(Nullable(IsoDate())),
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
  day_off: Type.Optional(Type.Array(Type.Union(WEEKDAYS.map((d) => Type.Literal(d))), { maxItems: 7, uniqueItems: true })),
  is_salary_daily: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  role_id: Id(),
  branch_id: Id(),
};

export const Username = Type.String({ pattern: '^[A-Za-z0-9._-]{3,50}$', minLength: 3, maxLength: 50 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });

export const RegisterBody = Type.Object({ username: Username, password: Password, ...profileFields }, { additionalProperties: false });
export const UpdateBody = Type.Object({
  user_id: Id(),
  username: Type.Optional(Username),
  password: Type.Optional(Password),
  ...profileFields,
}, { additionalProperties: false });
export const DeleteBody = Type.Object({ user_id: Id() }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object({ old_password: Type.String({ minLength: 1, maxLength: 200 }), new_password: Password }, { additionalProperties: false });
export const ProfileBody = Type.Object({
  nickname: Type.Optional(Text(50)),
  phone_1: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  phone_2: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 200 })])),
  address: Type.Optional(Text(200)), moo: Type.Optional(Text(20)), soi: Type.Optional(Text(100)), street: Type.Optional(Text(100)),
  subdistrict: Type.Optional(Text(100)), district: Type.Optional(Text(100)), province: Type.Optional(Text(100)),
  postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  emergency_name: Type.Optional(Text(200)), emergency_phone: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  emergency_relation: Type.Optional(Text(50)), photo: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
}, { additionalProperties: false });
