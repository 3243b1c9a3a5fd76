import { tableKeys } from '../../api/queryKeys';

export const INCOME_TABLE = '/accounting/incometable';
export const EXPENSES_TABLE = '/accounting/expensestable';
export const PROFIT_LOSS = '/accounting/profitloss';

/** Every accounting list and record: an income change refreshes both tables (their charts share the totals). */
export const accountingKeys = {
  incomeTable: tableKeys.of(INCOME_TABLE),
  expensesTable: tableKeys.of(EXPENSES_TABLE),
  profitLoss: ['accounting', 'profitloss'] as const,
  income: (id: number | null) => ['record', 'income', id] as const,
};
