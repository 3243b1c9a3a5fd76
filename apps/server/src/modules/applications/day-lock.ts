/** The business day's advisory lock shared by every money entry and taken exclusively by the day's close. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The key of a branch's business day for the advisory lock that keeps a payment and the day's close apart: every money
 * entry of a day holds it shared until its commit, the close takes it exclusively (so it waits for the entries under way,
 * and the entries after it see the close and are refused).
 */
export const dayLockSql = (branchId: SQL | number, date: SQL | string) =>
  sql`hashtextextended('cashclose:' || ${branchId}::text || ':' || ${date}::text, 0)`;
