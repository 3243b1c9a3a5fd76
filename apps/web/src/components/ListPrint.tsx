/**
 * The print of a list: the filtered rows on A4 landscape, headed by the school, the branch, the filters
 * and the date and time of printing (Buddhist era). Drawn outside the app (a portal on <body>); the print
 * CSS (styles.css, .kk-print) hides the app while the browser prints, then the view goes away.
 */
import { formatBaht, formatThaiDate, formatThaiDateTime } from '@khabkhi/thai';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { getSettings } from '../api/common';
import { settingsKeys } from '../api/queryKeys';
import { useSession } from '../api/useSession';
import { exportCell, type ExportCell, type ExportColumn } from './exportRows';

export interface PrintJob {
  title: string;
  rows: unknown[];
  columns: ExportColumn<never>[];
  /** [label, chosen value] of every filter, in words. */
  filters: [string, string][];
  capped: boolean;
  limit: number;
  /** The branch filter names the branch already (else the header says the user's scope). */
  branchFromFilter: boolean;
}

function printText(c: ExportCell): string {
  if (c.type === 'empty') return '';
  if (c.type === 'number') return c.money ? formatBaht(c.value.toFixed(2)) : c.value.toLocaleString('th-TH');
  if (c.type === 'date')
    return c.time
      ? formatThaiDateTime(c.value.toISOString().slice(0, 16) + ':00+07:00')
      : formatThaiDate(c.value.toISOString().slice(0, 10));
  return c.value;
}

export function ListPrint({ job, onDone }: { job: PrintJob; onDone: () => void }) {
  const { user } = useSession();
  const settings = useQuery({
    queryKey: settingsKeys.get,
    queryFn: getSettings,
    staleTime: 5 * 60_000,
  });
  const ready = !settings.isLoading;

  useEffect(() => {
    document.body.classList.add('kk-printing');
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    return () => {
      document.body.classList.remove('kk-printing');
      window.removeEventListener('afterprint', done);
    };
  }, [onDone]);

  useEffect(() => {
    if (!ready) return;
    // let the browser lay the view out first
    const t = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(t);
  }, [ready]);

  const cols = job.columns as ExportColumn<unknown>[];
  const branch = job.branchFromFilter ? null : user?.all_branches ? 'ทุกสาขาที่ดูแล' : user?.branch_name;
  return createPortal(
    <div className="kk-print" data-testid="list-print">
      <div className="kk-print-head">
        <div>
          <div className="kk-print-school">{settings.data?.name ?? ''}</div>
          <h1>{job.title}</h1>
        </div>
        <div className="kk-print-meta">
          {branch && <div>สาขา: {branch}</div>}
          <div>พิมพ์เมื่อ {formatThaiDateTime(new Date())}</div>
          {user && (
            <div>
              ผู้พิมพ์: {[user.prefix, user.fname].filter(Boolean).join('')} {user.sname ?? ''}
            </div>
          )}
        </div>
      </div>
      <div className="kk-print-filters">
        {job.filters.map(([k, v]) => (
          <span key={k}>
            <b>{k}:</b> {v}
          </span>
        ))}
        <span>
          <b>จำนวน:</b> {job.rows.length.toLocaleString('th-TH')} รายการ
          {job.capped ? ` (แสดงสูงสุด ${job.limit.toLocaleString('th-TH')} รายการ)` : ''}
        </span>
      </div>
      <table>
        <thead>
          <tr>
            <th className="kk-num">ลำดับ</th>
            {cols.map((c) => (
              <th key={c.title} className={c.kind === 'money' || c.kind === 'number' ? 'kk-num' : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.rows.map((r, i) => (
            <tr key={i}>
              <td className="kk-num">{i + 1}</td>
              {cols.map((c) => {
                const cell = exportCell(c.value(r), c.kind);
                const t = printText(cell);
                // numbers, dates and codes (an ID, a phone, a receipt number) never break inside
                const cls =
                  cell.type === 'number'
                    ? 'kk-num'
                    : cell.type === 'date' || (t.length <= 24 && !/\s/.test(t))
                      ? 'kk-nw'
                      : undefined;
                return (
                  <td key={c.title} className={cls}>
                    {t}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
