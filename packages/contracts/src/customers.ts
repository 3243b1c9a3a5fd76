/** Customers: the customer block of the registration forms, the profile update, check and confirm. */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, Nullable, Text } from './common.js';

const phone = Type.String({ pattern: '^[0-9+\\- ]{0,20}$' });

/** The customer block of the registration forms (SPEC §3 Customer / application form). */
export const CustomerFields = {
  is_foreigner: Type.Boolean(),
  prefix: Text(30),
  fname: Type.String({ minLength: 1, maxLength: 100 }),
  sname: Text(100),
  idcard: Type.String({ minLength: 5, maxLength: 20 }),
  birthday: Type.Optional(Nullable(IsoDate('birth'))),
  address: Type.Optional(Text(200)),
  moo: Type.Optional(Text(20)),
  soi: Type.Optional(Text(100)),
  street: Type.Optional(Text(100)),
  subdistrict: Type.Optional(Text(100)),
  district: Type.Optional(Text(100)),
  province: Type.Optional(Text(100)),
  postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  phone_1: Type.Optional(phone),
  phone_2: Type.Optional(phone),
  fname_en: Type.Optional(Text(100)),
  sname_en: Type.Optional(Text(100)),
};
export const CustomerInput = Type.Object(
  { customer_id: Type.Optional(Id()), ...CustomerFields },
  { additionalProperties: false },
);
export type CustomerInput = Static<typeof CustomerInput>;

export const UpdateProfileBody = Type.Object({ customer_id: Id(), ...CustomerFields }, { additionalProperties: false });
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const CheckQuery = Type.Object(
  {
    idcard: Type.String({ minLength: 1, maxLength: 20 }),
    is_foreigner: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  {
    idcard: Type.String({ minLength: 1, maxLength: 20 }),
    is_foreigner: Type.Optional(Type.Boolean()),
    birthday: IsoDate('birth'),
  },
  { additionalProperties: false },
);

const S = Type.String();
/** The whole record (the customer's own branches, the head office, or after customer/confirm). */
export const CustomerFull = Type.Object({
  limited: Type.Literal(false),
  customer_id: Type.Integer(),
  is_foreigner: Type.Boolean(),
  idcard: S,
  prefix: S,
  fname: S,
  sname: S,
  name: S,
  fname_en: S,
  sname_en: S,
  birthday: Nullable(S),
  age: Nullable(Type.Integer()),
  address: S,
  moo: S,
  soi: S,
  street: S,
  subdistrict: S,
  district: S,
  province: S,
  postcode: S,
  phone_1: S,
  phone_2: S,
  branch_id: Type.Integer(),
  createdAt: S,
  updatedAt: S,
});
/** Another branch, before the ID card is checked: no address, birthday or phone — only a masked phone. */
export const CustomerLimited = Type.Object({
  limited: Type.Literal(true),
  customer_id: Type.Integer(),
  is_foreigner: Type.Boolean(),
  idcard: S,
  prefix: S,
  fname: S,
  sname: S,
  name: S,
  phone_masked: S,
  branch_name: S,
});
export const CheckAnswer = Type.Union([CustomerFull, CustomerLimited]);
export type CheckAnswer = Static<typeof CheckAnswer>;
/** A customer as answered after a change (the whole record, without the limited flag). */
export const Customer = Type.Object(
  Object.fromEntries(Object.entries(CustomerFull.properties).filter(([k]) => k !== 'limited')) as Omit<
    typeof CustomerFull.properties,
    'limited'
  >,
);
export type Customer = Static<typeof Customer>;
