import { Type, type Static } from 'typebox';
import { Id, Nullable, Option, TableQuery, Text } from './common.js';

/** A request as request/approve and payment/request-delete answer it (also the audit row of a request). */
export const ApprovalRequest = Type.Object({
  request_id: Type.Integer(),
  kind: Type.String(),
  kind_name: Type.String(),
  subject_id: Type.Integer(),
  branch_id: Type.Integer(),
  application_id: Nullable(Type.Integer()),
  payment_id: Nullable(Type.Integer()),
  value: Type.String(),
  note: Type.String(),
  status: Type.String(),
  requested_by: Type.Integer(),
  decided_by: Nullable(Type.Integer()),
  decided_at: Nullable(Type.String()),
  decision_note: Type.String(),
  createdAt: Type.String(),
});
export type ApprovalRequest = Static<typeof ApprovalRequest>;

export const VoidRequestBody = Type.Object(
  { payment_id: Id(), note: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type VoidRequestBody = Static<typeof VoidRequestBody>;

export const DecideBody = Type.Object(
  { request_id: Id(), approve: Type.Boolean(), note: Type.Optional(Text(500)) },
  { additionalProperties: false },
);
export type DecideBody = Static<typeof DecideBody>;

export const PendingCount = Type.Object({ pending: Type.Integer() });
export type PendingCount = Static<typeof PendingCount>;

export const ApprovalQuery = TableQuery;

/** One row of request/gettable; application and payment fields are null for kinds that name neither. */
export const ApprovalRow = Type.Object({
  request_id: Type.Integer(),
  kind: Type.String(),
  kind_name: Type.String(),
  subject_id: Type.Integer(),
  status: Type.String(),
  status_name: Type.String(),
  note: Type.String(),
  value: Type.String(),
  createdAt: Type.String(),
  decided_at: Nullable(Type.String()),
  decision_note: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  application_id: Nullable(Type.Integer()),
  application_code: Nullable(Type.String()),
  application_kind: Nullable(Type.String()),
  payment_id: Nullable(Type.Integer()),
  payment_code: Nullable(Type.String()),
  pay_type: Nullable(Type.String()),
  payment_date: Nullable(Type.String()),
  customer_name: Nullable(Type.String()),
  requested_by: Type.Integer(),
  requested_by_name: Type.String(),
  decided_by_name: Nullable(Type.String()),
  balance: Nullable(Type.String()),
  net: Nullable(Type.String()),
  can_approve: Type.Boolean(),
});
export type ApprovalRow = Static<typeof ApprovalRow>;

export const ApprovalFilter = Type.Object({ branch: Type.Array(Option), status: Type.Array(Option) });
