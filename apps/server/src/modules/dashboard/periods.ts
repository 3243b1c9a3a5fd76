/** The periods of the cockpit, from the day it is read for (CE YYYY-MM-DD, Bangkok). */
import { addDays } from '@khabkhi/thai';

export interface Range {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same day of the month before, clipped to that month's length (31 March → 28/29 February). */
export function sameDayLastMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const py = m === 1 ? y - 1 : y;
  const pm = m === 1 ? 12 : m - 1;
  return `${py}-${pad(pm)}-${pad(Math.min(d, daysIn(py, pm)))}`;
}

/** The Monday of the day's week. */
export function mondayOf(date: string): string {
  const back = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -back);
}

export function periodsOf(date: string) {
  const prevDay = sameDayLastMonth(date);
  return {
    today: { start: date, end: date },
    previousToday: { start: prevDay, end: prevDay },
    month: { start: `${date.slice(0, 7)}-01`, end: date },
    previousMonth: { start: `${prevDay.slice(0, 7)}-01`, end: prevDay },
    /** exam sessions: the next 14 days, the day itself included */
    exams: { start: date, end: addDays(date, 13) },
    /** first-attempt pass rate: the last 90 days, the day itself included */
    passRate: { start: addDays(date, -89), end: date },
    /** days without a close: the 14 days before the day (the day itself is still being taken) */
    cashClose: { start: addDays(date, -14), end: addDays(date, -1) },
    /** lesson utilisation: the week (Monday to Sunday) of the day */
    week: { start: mondayOf(date), end: addDays(mondayOf(date), 6) },
  } satisfies Record<string, Range>;
}
