/** The dated social security and tax tables valid for a month. */
import { type SsoRate, type TaxTable } from './engine.js';
import { and, desc, eq, lte } from 'drizzle-orm';
import { formatBaht, formatThaiDate } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { payrollRates } from '../../db/schema/payroll.js';
import { badRequest } from '../../http/errors.js';
import { S, monthName } from './common.js';

export interface Rates {
  sso: SsoRate;
  tax: TaxTable;
  ssoText: string;
  taxText: string;
}

/** The rows of the dated tables valid on the month's first day. */
export async function ratesFor(conn: Conn, month: string): Promise<Rates> {
  const on = `${month}-01`;
  const pick = async (kind: 'sso' | 'tax') =>
    (
      await conn
        .select()
        .from(payrollRates)
        .where(and(eq(payrollRates.kind, kind), lte(payrollRates.valid_from, on)))
        .orderBy(desc(payrollRates.valid_from))
        .limit(1)
    )[0];
  const s = await pick('sso');
  const t = await pick('tax');
  if (!s || !t) throw badRequest(`ยังไม่มีอัตราประกันสังคมหรืออัตราภาษีที่ใช้ได้สำหรับเดือน${monthName(month)}`);
  const sp = s.params as { employee_rate: string; employer_rate: string; floor: string; ceiling: string };
  const tp = t.params as {
    expense_rate: string;
    expense_cap: string;
    personal_allowance: string;
    brackets: { upto: string | null; rate: string }[];
  };
  return {
    sso: {
      employee_bp: S(sp.employee_rate),
      employer_bp: S(sp.employer_rate),
      floor: S(sp.floor),
      ceiling: S(sp.ceiling),
    },
    tax: {
      expense_bp: S(tp.expense_rate),
      expense_cap: S(tp.expense_cap),
      personal_allowance: S(tp.personal_allowance),
      brackets: tp.brackets.map((b) => ({ upto: b.upto === null ? null : S(b.upto), rate_bp: S(b.rate) })),
    },
    ssoText: `ประกันสังคม ${sp.employee_rate}% ของค่าจ้าง ${formatBaht(sp.floor)}–${formatBaht(sp.ceiling)} บาท (อัตราตั้งแต่ ${formatThaiDate(s.valid_from)})`,
    taxText: `ภาษีหัก ณ ที่จ่ายแบบคำนวณทั้งปี (ตารางอัตราตั้งแต่ ${formatThaiDate(t.valid_from)})`,
  };
}
