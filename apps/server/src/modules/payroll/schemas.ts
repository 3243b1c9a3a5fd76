/** The payroll routes' shared schema pieces. */
import { Type } from 'typebox';
import { Option, PayrollRow, ReportRow, TableEnvelope, Totals } from '@khabkhi/contracts';

export const tags = ['payroll'];
export const Row = Type.Object({ ...PayrollRow.properties });
const ReportFilter = Type.Object({ branch: Type.Array(Option), month: Type.Array(Option), status: Type.Array(Option) });
export const ReportEnvelope = Type.Object({
  ...TableEnvelope(ReportRow, ReportFilter).properties,
  month: Type.String(),
  totals: Totals,
});
