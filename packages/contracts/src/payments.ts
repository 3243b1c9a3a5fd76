import { Type, type Static } from 'typebox';
import { Id, Nullable, Option, TableQuery } from './common.js';
import { PayType, TableWithTotals } from './applications.js';

const S = Type.String();
const I = Type.Integer();
const NS = Nullable(Type.String());

export const PaymentIdBody = Type.Object({ payment_id: Id() }, { additionalProperties: false });
export const EditPayTypeBody = Type.Object({ payment_id: Id(), pay_type: PayType }, { additionalProperties: false });
export type EditPayTypeBody = Static<typeof EditPayTypeBody>;
export const EditPayTypeResult = Type.Object({ payment_id: I, payment_code: S, pay_type: S });
export const PaymentQuery = TableQuery;

/** A row of the payment history: every money entry, void or not, with its application and customer. */
export const PaymentRow = Type.Object({
  payment_id: I,
  payment_code: S,
  kind: Type.Union([Type.Literal('payment'), Type.Literal('refund')]),
  createdAt: S,
  business_date: S,
  application_id: I,
  application_code: S,
  application_kind: S,
  branch_id: I,
  branch_name: S,
  customer_name: S,
  pay_type: PayType,
  pay_type_name: S,
  paid: S,
  note: S,
  is_void: Type.Boolean(),
  created_by_name: S,
  transfer_bank: S,
  transfer_at: NS,
  transfer_ref: S,
  transfer_slip: NS,
  transfer_detail: S,
  pending_void: Type.Boolean(),
});
export type PaymentRow = Static<typeof PaymentRow>;

export const PaymentFilter = Type.Object({
  branch: Type.Array(Option),
  type: Type.Array(Option),
  status: Type.Array(Option),
  range: Type.Object({ start: S, end: S }),
});
/** over the whole range: cash and transfer kept (not void), received, refunded and voided */
export const PaymentTotals = Type.Object({ cash: S, transfer: S, total: S, received: S, refunds: S, voided: S });
export type PaymentTotals = Static<typeof PaymentTotals>;
export const PaymentTable = TableWithTotals(PaymentRow, PaymentFilter, PaymentTotals);
