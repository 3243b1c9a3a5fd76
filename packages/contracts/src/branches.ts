/** Branches: the create/update bodies, a branch as answered, and the options of the branch pickers. */
import { Type, type Static } from 'typebox';
import { Id, Nullable, Text } from './common.js';

const phone = Type.String({ pattern: '^[0-9+\\- ]{0,20}$' });
export const BranchFields = {
  parent_id: Type.Optional(Type.Union([Id(), Type.Null()])),
  code: Type.String({ pattern: '^[A-Z0-9]{2,10}$' }),
  name: Type.String({ minLength: 1, maxLength: 150 }),
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
  line: Type.Optional(Text(100)),
  tax_branch_no: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  /** the SSO branch number: 6 digits (สำนักงานใหญ่ 000000); checked by the server with a Thai message */
  sso_branch_no: Type.Optional(Type.String({ maxLength: 20 })),
};
// SPEC §7 creates a branch without a code: the server derives one (changeable later with branch/update)
export const BranchCreateBody = Type.Object(
  { ...BranchFields, code: Type.Optional(BranchFields.code) },
  { additionalProperties: false },
);
export type BranchCreateBody = Static<typeof BranchCreateBody>;
export const BranchUpdateBody = Type.Object({ branch_id: Id(), ...BranchFields }, { additionalProperties: false });
export type BranchUpdateBody = Static<typeof BranchUpdateBody>;
export const BranchDeleteBody = Type.Object({ branch_id: Id() }, { additionalProperties: false });

export const Branch = Type.Object({
  branch_id: Id(),
  parent_id: Nullable(Type.Integer()),
  parent_name: Type.Optional(Nullable(Type.String())),
  code: Type.String(),
  name: Type.String(),
  is_head_office: Type.Boolean(),
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
  line: Type.String(),
  tax_branch_no: Type.String(),
  sso_branch_no: Type.String(),
  is_delete: Type.Boolean(),
  is_demo: Type.Boolean(),
  /** active employees of the branch */
  employees: Type.Optional(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Branch = Static<typeof Branch>;

export const BranchOption = Type.Object({
  branch_id: Id(),
  name: Type.String(),
  code: Type.String(),
  parent_id: Nullable(Type.Integer()),
  is_head_office: Type.Boolean(),
});
export type BranchOption = Static<typeof BranchOption>;
