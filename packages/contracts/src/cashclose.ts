import { Type, type Static } from 'typebox';
import { Id, IsoDate, Nullable, Option, TableQuery } from './common.js';

const S = Type.String();
const I = Type.Integer();
const NS = Nullable(Type.String());

export const CashCloseQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: 20 })), date: Type.Optional(IsoDate('any')) },
  { additionalProperties: false },
);
export const CloseBody = Type.Object({ branch_id: Id(), date: IsoDate() }, { additionalProperties: false });
export type CloseBody = Static<typeof CloseBody>;
export const ReopenBody = Type.Object(
  { branch_id: Id(), date: IsoDate(), reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type ReopenBody = Static<typeof ReopenBody>;
export const CloseIdBody = Type.Object({ close_id: Id() }, { additionalProperties: false });
export const CashCloseTableQuery = TableQuery;

/** The money of a branch's day, as computed live and as frozen in a close. */
export const CloseTotals = Type.Object({
  branch_id: I,
  branch_name: S,
  business_date: S,
  cash_in: S,
  transfer_in: S,
  refunds_cash: S,
  refunds_transfer: S,
  net_cash: S,
  net_transfer: S,
  net_total: S,
  receipts: I,
  first_receipt: NS,
  last_receipt: NS,
  refund_count: I,
  void_count: I,
  voided: S,
  by_cashier: Type.Array(Type.Object({ name: S, cash: S, transfer: S, count: I })),
  /** every transfer of the day (closes made before transfers were recorded have none) */
  transfers: Type.Optional(
    Type.Array(
      Type.Object({
        payment_code: S,
        kind: S,
        amount: S,
        is_void: Type.Boolean(),
        bank: S,
        transfer_at: NS,
        ref: S,
        detail: S,
      }),
    ),
  ),
});
export type CloseTotals = Static<typeof CloseTotals>;

/** cash-close/get: the live totals, the close of the day if closed, who may close, and the reopened earlier closes. */
export const CashCloseDay = Type.Object({
  ...CloseTotals.properties,
  closed: Nullable(Type.Object({ close_id: I, version: I, closed_by_name: S, closed_at: S, totals: CloseTotals })),
  closers: Type.Array(Type.Object({ name: S, role: S })),
  history: Type.Array(
    Type.Object({
      close_id: I,
      version: I,
      closed_by_name: S,
      closed_at: S,
      reopened_by_name: NS,
      reopened_at: S,
      reopen_reason: S,
    }),
  ),
});
export type CashCloseDay = Static<typeof CashCloseDay>;

export const CloseResult = Type.Object({ close_id: I, version: I, totals: CloseTotals, pdf: S });
export type CloseResult = Static<typeof CloseResult>;
export const ReopenResult = Type.Object({ close_id: I, version: I });
export type ReopenResult = Static<typeof ReopenResult>;

export const CashCloseRow = Type.Object({
  close_id: I,
  branch_id: I,
  branch_name: S,
  business_date: S,
  totals: CloseTotals,
  closed_at: S,
  closed_by_name: S,
  version: I,
  reopened_at: NS,
  reopen_reason: S,
});
export type CashCloseRow = Static<typeof CashCloseRow>;
export const CashCloseFilter = Type.Object({ branch: Type.Array(Option) });
