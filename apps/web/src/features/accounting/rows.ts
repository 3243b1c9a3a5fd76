import type { IncomeRow } from '@khabkhi/contracts';

/** The screen of the application a payment's income row came from (course, other fee or request fee). */
export const applicationPath = (r: Pick<IncomeRow, 'source' | 'application_id'>) =>
  `${r.source === 'fee' ? '/fee-applications' : r.source === 'request' ? '/request-applications' : '/applications'}/${r.application_id}`;

/** What the report prints: the branch and period on screen (the URL), the current month when none was chosen. */
export function reportBody(url: URLSearchParams, range: { start: string; end: string }) {
  return {
    branch: url.get('branch') ?? 'ทั้งหมด',
    start: url.get('start') ?? range.start,
    end: url.get('end') ?? range.end,
  };
}

/** The net line's label and its amount without the sign (a loss is said in words, not with a minus). */
export function netLabel(net: string): { label: string; amount: string; loss: boolean } {
  const loss = net.startsWith('-');
  return { label: loss ? 'ขาดทุนสุทธิ' : 'กำไรสุทธิ', amount: loss ? net.slice(1) : net, loss };
}
