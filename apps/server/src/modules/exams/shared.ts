/** What the exam files share: the kind and status names, the Thai date, the list filters and the answer shapes. */
import { sql, type SQL } from 'drizzle-orm';
import { formatThaiDate } from '@khabkhi/thai';
import { EXAM_KIND_NAMES, EXAM_STATUS_NAMES } from '@khabkhi/contracts';
import { applications } from '../../db/schema/money.js';
import { examAttempts, examPermissions } from '../../db/schema/exams.js';
import { isAll } from '../../http/envelope.js';
import { applicationIdsMatching } from '../applications/index.js';
import { attemptsOfSessions } from './repo.js';

export const kindName = (k: string) => EXAM_KIND_NAMES[k] ?? k;

/**
 * The free-text filter: the applications whose customer's name, surname, ID number or phone starts with the text,
 * or whose number holds it — the application list's own matcher, on its prefix indexes.
 */
export function textFilter(
  column:
    typeof applications.application_id | typeof examAttempts.application_id | typeof examPermissions.application_id,
  text: string | undefined,
): SQL | undefined {
  if (isAll(text) || !text!.trim()) return undefined;
  return sql`${column} in (${applicationIdsMatching(text!)})`;
}

/** A branch filter of a list: a branch outside the caller's scope is refused (403), as a record of it would be. */
export const d = (iso: string | null | undefined) => (iso ? formatThaiDate(iso) : '-');

export const STATUS_BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(EXAM_STATUS_NAMES).map(([k, v]) => [v, k]),
);
export const KIND_BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(EXAM_KIND_NAMES).map(([k, v]) => [v, k]),
);
export const codeOf = (v: string | undefined, byName: Record<string, string>) =>
  isAll(v) ? undefined : (byName[v!] ?? v);

export interface ExamFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
  start?: string;
  end?: string;
  date?: string;
  exam_kind?: string;
}

/** An attempt as the API answers it: its kind and status named, its recording time ISO (read as a Date or as text). */
export function attemptApi<
  R extends Omit<Awaited<ReturnType<typeof attemptsOfSessions>>[number], 'recorded_at'> & {
    recorded_at: Date | string | null;
  },
>(r: R) {
  return {
    ...r,
    kind_name: kindName(r.kind),
    status_name: EXAM_STATUS_NAMES[r.status] ?? r.status,
    recorded_at: r.recorded_at instanceof Date ? r.recorded_at.toISOString() : r.recorded_at,
  };
}

export function sessionApi<T extends { kind: string; capacity: number; booked: number }>(s: T) {
  return { ...s, kind_name: kindName(s.kind), free: s.capacity - s.booked };
}
