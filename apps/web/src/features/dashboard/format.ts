/** Pure helpers of the cockpit: change against last month, rates, links and Thai names. */
import type { DashboardLink } from '@khabkhi/contracts';

/** Per cent change from `before` to `now` (money strings or numbers), one decimal; null when before is zero. */
export function percentChange(now: string | number, before: string | number): number | null {
  const a = Number(now);
  const b = Number(before);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return Math.round(((a - b) / Math.abs(b)) * 1000) / 10;
}

/** "+12.5%", "−3%", "0%" — or "ไม่มีฐานเปรียบเทียบ" when last month had nothing. */
export function changeText(pct: number | null): string {
  if (pct === null) return 'ไม่มีฐานเปรียบเทียบ';
  const n = Math.abs(pct).toLocaleString('th-TH', { maximumFractionDigits: 1 });
  return pct > 0 ? `+${n}%` : pct < 0 ? `−${n}%` : '0%';
}

/** Passed out of sat as a whole per cent; null when nobody sat. */
export function passRate(passed: number, sat: number): number | null {
  return sat > 0 ? Math.round((passed / sat) * 100) : null;
}

/** The share of seats taken, 0–100. */
export function seatShare(booked: number, seats: number): number {
  return seats > 0 ? Math.min(100, Math.round((booked / seats) * 100)) : 0;
}

/** A tile's link as a router path with its filters in the URL. */
export function hrefOf(l: DashboardLink): string {
  const q = new URLSearchParams(l.query).toString();
  return q ? `${l.path}?${q}` : l.path;
}

/** The colour of a payroll state's tag (its Thai name comes from the server). */
export const PAYROLL_COLOR: Record<string, string> = {
  none: 'default',
  draft: 'gold',
  submitted: 'blue',
  confirmed: 'geekblue',
  approved: 'green',
};

export const EXAM_KIND: Record<string, string> = { theory: 'ทฤษฎี', practical: 'ปฏิบัติ' };

/** A branch name for a chart axis: without the word "สาขา" and without a note in brackets. */
export function shortBranch(name: string): string {
  return name.replace(/^สาขา\s*/, '').replace(/\s*\(.*\)$/, '');
}

/** Minutes as hours with at most one decimal: 90 → "1.5". */
export function hoursText(minutes: number): string {
  return (Math.round((minutes / 60) * 10) / 10).toLocaleString('th-TH', { maximumFractionDigits: 1 });
}
