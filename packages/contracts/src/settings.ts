/** School settings: the one row of the school's name, tax ID, VAT mode, PromptPay ID, logo, card-agent port. */
import { Type, type Static } from 'typebox';
import { Nullable, Text } from './common.js';
import { ExamSettingsInput } from './exams.js';

export const SettingsBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    name_en: Type.Optional(Text(200)),
    tax_id: Type.String({ pattern: '^(\\d{13})?$' }),
    /** the SSO employer account: 10 digits, dashes and spaces allowed as written on the SSO's letter (10-1234567-8) */
    sso_account: Type.Optional(Type.String({ maxLength: 20 })),
    address: Type.Optional(Text(300)),
    phone: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
    vat_mode: Type.Union([Type.Literal('exempt'), Type.Literal('vat7')]),
    promptpay_id: Type.String({ pattern: '^(0\\d{9}|\\d{13}|\\d{15})?$' }),
    logo: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
    card_agent_port: Type.Integer({ minimum: 1024, maximum: 65535 }),
    // exams (issue 13): the exam rules' numbers
    ...ExamSettingsInput,
  },
  { additionalProperties: false },
);
export type SettingsBody = Static<typeof SettingsBody>;

export const Settings = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  tax_id: Type.String(),
  sso_account: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  vat_mode: Type.Union([Type.Literal('exempt'), Type.Literal('vat7')]),
  promptpay_id: Type.String(),
  logo: Nullable(Type.String()),
  card_agent_port: Type.Integer(),
  // exams (issue 13)
  exam_needs_full_payment: Type.Boolean(),
  exam_theory_questions: Type.Integer(),
  exam_theory_pass_mark: Type.Integer(),
  exam_retake_wait_days: Type.Integer(),
  exam_permission_days: Type.Integer(),
  exam_permission_warn_days: Type.Integer(),
  exam_min_training_hours: Type.Record(Type.String(), Type.Integer()),
  exam_extend_fee_id: Nullable(Type.Integer()),
  exam_changedate_fee_id: Nullable(Type.Integer()),
  updatedAt: Type.String(),
});
export type Settings = Static<typeof Settings>;
