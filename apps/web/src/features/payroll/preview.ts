/** The sheet's client preview: the server's answer after saving is the truth. */
import type { SheetLine } from './queries';

export const sat = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);
export const baht = (s: number) => (s / 100).toFixed(2);

/** Client preview of a line after an edit: salary (daily), item amounts, net with the server's SSO and tax. */
export function previewLine(l: SheetLine): SheetLine {
  const items = l.items.map((i) => ({
    ...i,
    amount: baht(i.condition === 'fill' ? sat(i.value) : Math.round((sat(i.value) * sat(i.per_value)) / 100)),
  }));
  const salary = l.is_daily ? sat(l.rate) * l.days_worked : sat(l.salary);
  // the employee's fixed extra pay is part of income (the server's figure)
  const income = items.filter((i) => i.type !== 'deduction').reduce((a, i) => a + sat(i.amount), sat(l.extra));
  const deduction = items.filter((i) => i.type === 'deduction').reduce((a, i) => a + sat(i.amount), 0);
  const net = salary + income - deduction - sat(l.sso_employee) - sat(l.tax);
  return { ...l, items, salary: baht(salary), income: baht(income), deduction: baht(deduction), net: baht(net) };
}
