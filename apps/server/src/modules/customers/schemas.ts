import { Type, type Static } from 'typebox';
import { Id, IsoDate, Nullable, Text } from '@khabkhi/contracts';

const phone = Type.String({ pattern: '^[0-9+\\- ]{0,20}$' });

/** The customer block of the registration forms (SPEC §3 Customer / application form). */
export const CustomerFields = {
  is_foreigner: Type.Boolean(),
  prefix: Text(30),
  fname: Type.String({ minLength: 1, maxLength: 100 }),
  sname: Text(100),
  idcard: Type.String({ minLength: 5, maxLength: 20 }),
  birthday: Type.Optional(Nullable(IsoDate())),
  address: Type.Optional(Text(200)), moo: Type.Optional(Text(20)), soi: Type.Optional(Text(100)), street: Type.Optional(Text(100)),
  subdistrict: Type.Optional(Text(100)), district: Type.Optional(Text(100)), province: Type.Optional(Text(100)),
  postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  phone_1: Type.Optional(phone), phone_2: Type.Optional(phone),
  fname_en: Type.Optional(Text(100)), sname_en: Type.Optional(Text(100)),
};
export const CustomerInput = Type.Object({ customer_id: Type.Optional(Id()), ...CustomerFields }, { additionalProperties: false });
export type CustomerInput = Static<typeof CustomerInput>;

export const UpdateProfileBody = Type.Object({ customer_id: Id(), ...CustomerFields }, { additionalProperties: false });
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const CheckQuery = Type.Object({
  idcard: Type.String({ minLength: 1, maxLength: 20 }),
  is_foreigner: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
