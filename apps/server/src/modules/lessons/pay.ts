/**
 * Instructor pay from lessons: each completed lesson (a practical lesson, or a theory class the instructor taught) at
 * the instructor's rate for its licence type and part valid on the lesson's Bangkok day (instructor_rates, the latest
 * valid_from on or before it). The payroll sheet receives one proposed rate × hours line per rate (payProposals, a
 * provider registered with payroll in index.ts); GET lesson/pay shows the same figure and the lessons behind it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { LessonPay, LessonPayQuery } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { ProposedItem } from '../payroll/index.js';
import { rowsOf } from './repo.js';
import { bangkokClock, bangkokInstant, lessonPayOf } from './rules.js';

/** The month's Bangkok bounds as instants: [first day 00:00, next month's first day 00:00). */
function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: bangkokInstant(`${month}-01`, '00:00'), to: bangkokInstant(`${next}-01`, '00:00') };
}

/** The completed, paid lessons of the month (per lesson, with its rate or null), as a SQL fragment to build on. */
function paidLessonsSql(month: string, userIds: number[] | null, grouped = false): SQL {
  const { from, to } = monthBounds(month);
  const who = userIds ? sql`and l.instructor_id in (${sql.join(userIds, sql`, `)})` : sql``;
  const rateWho = userIds ? sql`where user_id in (${sql.join(userIds, sql`, `)})` : sql``;
  const where = sql`l.state = 'done' and l.kind in ('practice', 'class') and l.instructor_id is not null
        and l.starts_at >= ${from.toISOString()} and l.starts_at < ${to.toISOString()} ${who}`;
  // grouped: the lessons summed per instructor, licence type, part and day before their rate is looked up (the chain's
  // month is ~200,000 lessons but ~40,000 such groups)
  const done = grouped
    ? sql`select l.instructor_id as user_id, l.course_type,
        case when l.kind = 'class' then 'theory' else 'practice' end as part,
        (l.starts_at at time zone 'Asia/Bangkok')::date as day, sum(l.minutes) as minutes, count(*) as lessons
      from lessons l where ${where} group by 1, 2, 3, 4`
    : sql`select l.lesson_id, l.instructor_id as user_id, l.course_type, l.kind, l.minutes, l.starts_at, l.ends_at,
        l.branch_id, l.customer_id, l.room_id,
        case when l.kind = 'class' then 'theory' else 'practice' end as part,
        (l.starts_at at time zone 'Asia/Bangkok')::date as day
      from lessons l where ${where}`;
  return sql`with done as (${done}), rates as (
      select user_id, course_type, part, rate, valid_from,
        lead(valid_from) over (partition by user_id, course_type, part order by valid_from) as valid_to
      from instructor_rates ${rateWho}
    ), priced as (
      select d.*, r.rate from done d left join rates r on r.user_id = d.user_id and r.course_type = d.course_type
        and r.part = d.part and r.valid_from <= d.day and (r.valid_to is null or d.day < r.valid_to)
    )`;
}

/**
 * The month's pay lines of these instructors (or of the whole chain when `userIds` is null): minutes per instructor
 * and rate, in one set-based query.
 */
export async function payGroups(conn: Conn, month: string, userIds: number[] | null) {
  if (userIds && !userIds.length) return [];
  const rows = await rowsOf(
    conn,
    sql`${paidLessonsSql(month, userIds, true)}
      select user_id, rate::text as rate, sum(minutes)::int as minutes, sum(lessons)::int as lessons
      from priced group by user_id, rate order by user_id, rate`,
  );
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    rate: r.rate === null ? null : toSatang(String(r.rate)),
    minutes: Number(r.minutes),
    lessons: Number(r.lessons),
  }));
}

/** The payroll provider: one proposed 'teaching' line per instructor and rate (lessons without a rate propose nothing). */
export async function payProposals(conn: Conn, userIds: number[], month: string): Promise<ProposedItem[]> {
  return (await payGroups(conn, month, userIds))
    .filter((g) => g.rate !== null)
    .map((g) => ({
      user_id: g.user_id,
      category: 'teaching',
      rate: g.rate!,
      quantity: lessonPayOf(g.rate!, g.minutes).hundredths,
    }));
}

/** GET lesson/pay: the instructors of a branch with lesson pay in the month (or one, with the lessons behind it). */
export async function lessonPay(conn: Conn, actor: Actor, q: LessonPayQuery): Promise<LessonPay[]> {
  assertBranch(actor, q.branch_id);
  const people = await rowsOf(
    conn,
    sql`select user_id, trim(prefix || fname || ' ' || sname) as name from users
      where branch_id = ${q.branch_id} and is_delete = false ${q.user_id ? sql`and user_id = ${q.user_id}` : sql``}
      order by user_id`,
  );
  if (q.user_id && !people.length) throw notFound('ไม่พบพนักงานนี้ในสาขา');
  const ids = people.map((p) => Number(p.user_id));
  const groups = await payGroups(conn, q.month, ids);
  const lessons = q.user_id
    ? await rowsOf(
        conn,
        sql`${paidLessonsSql(q.month, ids)}
          select p.lesson_id, p.kind, p.part, p.course_type, p.minutes, p.starts_at, p.ends_at, p.rate::text as rate,
            b.name as branch_name,
            coalesce(trim(c.prefix || c.fname || ' ' || c.sname), 'ห้อง' || lr.name, '') as who
          from priced p join branches b on b.branch_id = p.branch_id
          left join customers c on c.customer_id = p.customer_id
          left join lesson_rooms lr on lr.room_id = p.room_id
          order by p.starts_at, p.lesson_id`,
      )
    : [];
  return people
    .map((p) => {
      const uid = Number(p.user_id);
      const mine = groups.filter((g) => g.user_id === uid && g.rate !== null);
      const lines = mine.map((g) => {
        const pay = lessonPayOf(g.rate!, g.minutes);
        return {
          rate: fromSatang(g.rate!),
          minutes: g.minutes,
          hours: fromSatang(pay.hundredths),
          amount: fromSatang(pay.amount),
          lessons: g.lessons,
          _amount: pay.amount,
        };
      });
      return {
        user_id: uid,
        name: String(p.name),
        month: q.month,
        lines: lines.map(({ _amount, ...l }) => l),
        minutes: lines.reduce((a, l) => a + l.minutes, 0),
        amount: fromSatang(lines.reduce((a, l) => a + l._amount, 0)),
        lessons: lessons.map((l) => {
          const s = bangkokClock(new Date(String(l.starts_at)));
          return {
            lesson_id: Number(l.lesson_id),
            date: s.date,
            start_time: s.time,
            end_time: bangkokClock(new Date(String(l.ends_at))).time,
            kind: String(l.kind),
            part: String(l.part),
            course_type: String(l.course_type),
            who: String(l.who),
            branch_name: String(l.branch_name),
            minutes: Number(l.minutes),
            rate: l.rate === null ? null : fromSatang(toSatang(String(l.rate))),
          };
        }),
        unrated: groups.filter((g) => g.user_id === uid && g.rate === null).reduce((a, g) => a + g.lessons, 0),
      };
    })
    .filter((x) => q.user_id || x.lines.length || x.unrated);
}
