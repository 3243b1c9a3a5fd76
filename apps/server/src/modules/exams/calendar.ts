/**
 * The exam calendar: one event per session, per slot across branches, or per day, coloured by kind and licence type.
 * Each event is built with its keys in the order of its response schema (CalendarEvent): the route writes it with
 * JSON.stringify (writtenAsBuilt), and its test compares the bytes with the schema's serializer.
 */
import { scopedBranchFilter } from '../../http/branch.js';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { type CalendarQuery } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import {
  calendarDays,
  calendarSessions,
  calendarSlots,
  courseTypeOrder,
  type CalendarFilter,
} from './calendar-reads.js';
import { KIND_BY_NAME, codeOf, kindName } from './shared.js';

/** Colours of the calendar: a hue per kind (theory blue, practical green), a shade per licence type. */
const PALETTE: Record<string, string[]> = {
  theory: ['#1677ff', '#2f54eb', '#13c2c2', '#597ef7', '#36cfc9'],
  practical: ['#389e0d', '#d48806', '#c41d7f', '#7cb305', '#d4380d'],
};
/** A licence type in an event id: its place in the list (ASCII: the ids travel in every event), else its name. */
const typeKey = (types: string[], type: string) => {
  const i = types.indexOf(type);
  return i < 0 ? encodeURIComponent(type) : `t${i}`;
};

export function colourOf(kind: string, typeIndex: number) {
  const p = PALETTE[kind] ?? PALETTE.theory!;
  return p[Math.max(0, typeIndex) % p.length]!;
}

export async function calendar(db: Db, actor: Actor, q0: CalendarQuery) {
  const branchChecked = scopedBranchFilter(actor, q0.branch);
  const month = (q0.start ?? todayBangkok()).slice(0, 7);
  const start = q0.start ?? `${month}-01`;
  const q = { ...q0, start, end: q0.end ?? addDays(addDays(`${month}-01`, 32).slice(0, 7) + '-01', -1) };
  if (q.end < q.start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
  if (addDays(q.start, 62) < q.end) throw badRequest('ช่วงวันที่: ปฏิทินแสดงได้ครั้งละไม่เกิน 62 วัน');
  const branch = branchChecked;
  const kind = codeOf(q.exam_kind, KIND_BY_NAME);
  // the licence types' order gives each its shade; read beside the events (two round trips at once, not one after the other)
  const typeNames = courseTypeOrder(db);
  const filters: CalendarFilter = {
    start: q.start,
    end: q.end,
    scope: actor.branchScope,
    branch,
    kind: kind || undefined,
    type: isAll(q.type) ? undefined : q.type!,
  };
  if (q.group === 'slot') {
    // a week across branches: one event per day, time, kind and licence type with the sessions' counts (a head office
    // sees "09:00 ภาคทฤษฎี รถยนต์ · 20 สาขา (380/1200)", not 20 boxes); a slot held by one session is that session
    const [slots, types] = await Promise.all([calendarSlots(db, filters), typeNames]);
    const multiBranch = new Set(slots.map((x) => x.branch_id)).size > 1 || slots.some((x) => x.branches > 1);
    return slots.map((x) => {
      const one = x.sessions === 1;
      // "· 3 สาขา" when each branch holds one session at that time, "· 3 สาขา 4 รอบ" when one holds two
      const where = one
        ? multiBranch
          ? ` · ${x.branch_name}`
          : ''
        : ` · ${x.branches} สาขา${x.sessions > x.branches ? ` ${x.sessions} รอบ` : ''}`;
      return {
        id: one
          ? `session-${x.session_id}`
          : `slot-${x.date}-${x.start_time}-${x.kind}-${typeKey(types, x.course_type)}`,
        title: `${x.start_time} ${kindName(x.kind)} ${x.course_type}${where} (${x.booked}/${x.capacity})`,
        start: `${x.date}T${x.start_time}:00+07:00`,
        allDay: false,
        color: colourOf(x.kind, types.indexOf(x.course_type)),
        extendedProps: {
          session_id: one ? x.session_id : null,
          kind: x.kind,
          course_type: x.course_type,
          branch_id: one ? x.branch_id : null,
          sessions: x.sessions,
          capacity: x.capacity,
          booked: x.booked,
          passed: x.passed,
          failed: x.failed,
          ...(one ? { branch_name: x.branch_name } : {}),
        },
      };
    });
  }
  if (q.group === 'day') {
    // a day per kind and licence type with its counts: at most (days × kinds × types) events, whatever the branches
    const [days, types] = await Promise.all([calendarDays(db, filters), typeNames]);
    return days.map((x) => ({
      id: `day-${x.date}-${x.kind}-${typeKey(types, x.course_type)}`,
      title: `${x.kind === 'theory' ? 'ทฤษฎี' : 'ปฏิบัติ'} ${x.course_type}${x.sessions > 1 ? ` ${x.sessions} รอบ` : ''} (${x.booked}/${x.capacity})`,
      start: x.date,
      allDay: true,
      color: colourOf(x.kind, types.indexOf(x.course_type)),
      extendedProps: {
        session_id: null,
        kind: x.kind,
        course_type: x.course_type,
        branch_id: null,
        sessions: x.sessions,
        capacity: x.capacity,
        booked: x.booked,
        passed: x.passed,
        failed: x.failed,
      },
    }));
  }
  const [sessions, types] = await Promise.all([calendarSessions(db, filters), typeNames]);
  const multiBranch = new Set(sessions.map((s) => s.branch_id)).size > 1;
  return sessions.map((s) => ({
    id: `session-${s.session_id}`,
    title: `${s.start_time} ${kindName(s.kind)} ${s.course_type} (${s.booked}/${s.capacity})${multiBranch ? ` · ${s.branch_name}` : ''}`,
    start: `${s.exam_date}T${s.start_time}:00+07:00`,
    allDay: false,
    color: colourOf(s.kind, types.indexOf(s.course_type)),
    extendedProps: {
      session_id: s.session_id,
      kind: s.kind,
      course_type: s.course_type,
      branch_id: s.branch_id,
      sessions: 1,
      capacity: s.capacity,
      booked: s.booked,
      passed: s.passed,
      failed: s.failed,
      branch_name: s.branch_name,
      place: s.place,
    },
  }));
}
