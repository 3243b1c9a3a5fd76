/**
 * The one statement that writes a payment or a refund (see writeMoneyEntry in money.ts for what it does and why it
 * is one statement). Its SQL is built once per shape — with an idempotency claim or without — with a named
 * parameter for each value, and run as a named statement: the server parses and plans it once per pooled
 * connection, and the payment path does not rebuild its text at every payment.
 */
import { sql } from 'drizzle-orm';
import { isoTimestamp, namedStatement } from '../../db/sql.js';

/** The values of the statement: the names of its parameters. */
export interface MoneyEntryValues {
  branchId: number;
  day: string;
  applicationId: number;
  paid: string;
  balance: string;
  paidCash: string;
  paidTransfer: string;
  refunded: string;
  status: string;
  beYear: number;
  series: string;
  kind: 'payment' | 'refund';
  prefix: string;
  payType: string;
  signed: string;
  note: string;
  userId: number;
  transferBank: string | null;
  transferAt: string | null;
  transferRef: string | null;
  transferSlip: string | null;
  snapshot: string;
  auditAction: 'create' | 'refund';
  summary: string;
  requestId: string | null;
  claimUserId?: number;
  claimKey?: string;
  claimRoute?: string;
}

export interface MoneyEntryRow {
  open: boolean;
  payment_id: number | null;
  payment_code: string;
  created_at: string;
  remembered: number;
}

// sql.placeholder(name): a parameter of the statement built once, given its value at each run (drizzle's prepared
// statement parameters)
const v = (name: keyof MoneyEntryValues) => sql.placeholder(name);

const moneyEntrySql = (withClaim: boolean) => sql`
    with open_day as (
      select 1 as open where not exists (select 1 from cash_closes c where c.branch_id = ${v('branchId')} and c.business_date = ${v('day')}::date and c.reopened_at is null)
    ), app as (
      update applications set paid = ${v('paid')}::numeric, balance = ${v('balance')}::numeric, paid_cash = ${v('paidCash')}::numeric,
        paid_transfer = ${v('paidTransfer')}::numeric, refunded = ${v('refunded')}::numeric, status = ${v('status')}, updated_at = now()
      where application_id = ${v('applicationId')}
      returning application_id
    ), seq as (
      insert into doc_sequences (branch_id, be_year, series, last_no) select ${v('branchId')}, ${v('beYear')}, ${v('series')}, 1 from open_day, app
      on conflict (branch_id, be_year, series) do update set last_no = doc_sequences.last_no + 1
      returning last_no
    ), pay as (
      insert into payments (application_id, branch_id, kind, payment_code, pay_type, amount, note, business_date, created_by, transfer_bank, transfer_at, transfer_ref, transfer_slip)
      select ${v('applicationId')}, ${v('branchId')}, ${v('kind')}, ${v('prefix')} || lpad(seq.last_no::text, greatest(6, length(seq.last_no::text)), '0'),
             ${v('payType')}, ${v('signed')}::numeric, ${v('note')}, ${v('day')}::date, ${v('userId')}, ${v('transferBank')}, ${v('transferAt')}::timestamptz, ${v('transferRef')}, ${v('transferSlip')}::uuid from seq
      returning payment_id, payment_code, created_at
    ), receipt as (
      insert into receipts (payment_id, snapshot)
      select payment_id, ${v('snapshot')}::jsonb || jsonb_build_object('number', payment_code, 'issued_at', ${isoTimestamp('created_at')}) from pay
    ), logged as (
      insert into audit_log (user_id, branch_id, entity, entity_id, action, after, request_id)
      select ${v('userId')}, ${v('branchId')}, 'payment', payment_id::text, ${v('auditAction')},
        jsonb_build_object('payment', jsonb_build_object('payment_id', payment_id, 'payment_code', payment_code, 'kind', ${v('kind')}::text,
          'pay_type', ${v('payType')}::text, 'amount', ${v('signed')}::text, 'note', ${v('note')}::text, 'business_date', ${v('day')}::text,
          'transfer_bank', ${v('transferBank')}::text, 'transfer_at', ${v('transferAt')}::text, 'transfer_ref', ${v('transferRef')}::text, 'transfer_slip', ${v('transferSlip')}::text,
          'created_by', ${v('userId')}::int, 'createdAt', ${isoTimestamp('created_at')}), 'application', ${v('summary')}::jsonb),
        ${v('requestId')}
      from pay
    )${
      withClaim
        ? sql`, remembered as (
      insert into idempotency_keys (user_id, key, route, status_code, response)
      select ${v('claimUserId')}, ${v('claimKey')}, ${v('claimRoute')}, 200, jsonb_build_object('applicationId', ${v('applicationId')}::int, 'paymentId', pay.payment_id) from pay
      on conflict do nothing
      returning key
    )`
        : sql``
    }
    select exists (select 1 from open_day) as open, p.* from (select 1) one left join (
      select pay.payment_id, pay.payment_code, ${isoTimestamp('pay.created_at')} as created_at,
        ${withClaim ? sql`(select count(*) from remembered)::int` : sql`1`} as remembered
      from pay, app) p on true`;

const plain = namedStatement('money_entry', () => moneyEntrySql(false));
const claimed = namedStatement('money_entry_claim', () => moneyEntrySql(true));

/** Runs the statement in the caller's transaction; answers its one row (none when the application is gone). */
export async function runMoneyEntry(tx: object, values: MoneyEntryValues): Promise<MoneyEntryRow | undefined> {
  const run = values.claimKey === undefined ? plain : claimed;
  const res = (await run(tx, values as unknown as Record<string, unknown>)) as { rows: MoneyEntryRow[] };
  return res.rows[0];
}
