/** The weeks and month grids of the calendar screens (exams, compliance): Monday first, ISO dates (CE). */
import { addDays } from '@khabkhi/thai';

/** Monday-first week of a date. */
export function weekOf(iso: string): { start: string; end: string } {
  const dow = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(iso, -dow);
  return { start, end: addDays(start, 6) };
}

/** The 6×7 grid of a month (Monday first). */
export function monthGrid(ym: string): { start: string; end: string; days: string[] } {
  const first = `${ym}-01`;
  const { start } = weekOf(first);
  const days = Array.from({ length: 42 }, (_, i) => addDays(start, i));
  return { start, end: days[41]!, days };
}
