import { sql } from 'drizzle-orm';
import { buddhistYear, todayBangkok } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

export type Series = 'AP' | 'OF' | 'RQ' | 'RC' | 'RF';

/**
 * The next number of a series for a branch and Buddhist year, without gaps: the counter row is
 * incremented inside the caller's transaction, so a rolled-back payment gives its number back and
 * concurrent payments of one branch queue on the row lock.
 */
export async function nextNumber(
  tx: Conn,
  branchId: number,
  series: Series,
  today = todayBangkok(),
): Promise<{ beYear: number; seq: number }> {
  const beYear = buddhistYear(today);
  const res = await tx.execute(sql`
    insert into doc_sequences (branch_id, be_year, series, last_no) values (${branchId}, ${beYear}, ${series}, 1)
    on conflict (branch_id, be_year, series) do update set last_no = doc_sequences.last_no + 1
    returning last_no`);
  const seq = Number(rowsOf<{ last_no: number }>(res)[0]!.last_no);
  return { beYear, seq };
}

/** RC-HQ-2569-000123 */
export function formatNumber(series: Series, branchCode: string, beYear: number, seq: number): string {
  return `${series}-${branchCode}-${beYear}-${String(seq).padStart(6, '0')}`;
}
