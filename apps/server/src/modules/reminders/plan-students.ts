/**
 * The students' reminders: an exam tomorrow, a lesson tomorrow, an exam permission ending in N days, a balance owed
 * N days before the exam. Each goes by LINE to a linked student who has not opted out, under a key naming the
 * seat / lesson / permission date / exam date, so it is queued once.
 */
import { addDays, formatBaht, formatThaiDate } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import {
  lessonsOn,
  owingWithExamOn,
  permissionsEndingOn,
  seatsOn,
  type OutboxInsert,
  type SettingRow,
} from './repo.js';
import { render, type ReminderKind } from './templates.js';
import { toChannels } from './outbox-rows.js';

const EXAM_NAMES: Record<string, string> = { theory: 'ภาคทฤษฎี', practical: 'ภาคปฏิบัติ' };
const LESSON_NAMES: Record<string, string> = { practice: 'ภาคปฏิบัติ', seat: 'ภาคทฤษฎี', class: 'ภาคทฤษฎี' };

export async function planStudents(db: Db, settings: Record<ReminderKind, SettingRow>, today: string) {
  const rows: OutboxInsert[] = [];
  const student = (name: string, line: string) => ({ name, email: '', line });

  const exam = settings.exam_tomorrow;
  if (exam.enabled) {
    for (const seat of await seatsOn(db, addDays(today, exam.days_before))) {
      if (seat.opt_out) continue;
      const kind = EXAM_NAMES[seat.kind] ?? seat.kind;
      const body = render(exam.template, {
        name: seat.name,
        date: seat.exam_date,
        time: seat.start_time,
        exam: kind,
        branch: seat.branch_name,
      });
      const reason = `สอบ${kind} ${formatThaiDate(seat.exam_date)} ${seat.start_time} น. (ที่นั่ง ${seat.attempt_id})`;
      rows.push(
        ...toChannels(
          'exam_tomorrow',
          exam,
          student(seat.name, seat.line_user_id),
          { branch_id: seat.branch_id, body, reason },
          `exam_tomorrow:${seat.attempt_id}`,
        ),
      );
    }
  }

  const lesson = settings.lesson_tomorrow;
  if (lesson.enabled) {
    for (const l of await lessonsOn(db, addDays(today, lesson.days_before))) {
      if (l.opt_out) continue;
      const kind = LESSON_NAMES[l.kind] ?? l.kind;
      const body = render(lesson.template, {
        name: l.name,
        date: l.date,
        time: l.time,
        lesson: kind,
        branch: l.branch_name,
      });
      rows.push(
        ...toChannels(
          'lesson_tomorrow',
          lesson,
          student(l.name, l.line_user_id),
          {
            branch_id: l.branch_id,
            body,
            reason: `เรียน${kind} ${formatThaiDate(l.date)} ${l.time} น. (นัด ${l.lesson_id})`,
          },
          `lesson_tomorrow:${l.lesson_id}:${l.date}`,
        ),
      );
    }
  }

  const permission = settings.permission_expiring;
  if (permission.enabled) {
    for (const p of await permissionsEndingOn(db, addDays(today, permission.days_before))) {
      if (p.opt_out) continue;
      const body = render(permission.template, { name: p.name, date: p.date, course: p.course, branch: p.branch_name });
      rows.push(
        ...toChannels(
          'permission_expiring',
          permission,
          student(p.name, p.line_user_id),
          { branch_id: p.branch_id, body, reason: `สิทธิ์สอบ ${p.code} ${p.course} หมดอายุ ${formatThaiDate(p.date)}` },
          `permission_expiring:${p.line_id}:${p.date}`,
        ),
      );
    }
  }

  const balance = settings.balance_due;
  if (balance.enabled) {
    for (const a of await owingWithExamOn(db, addDays(today, balance.days_before))) {
      if (a.opt_out) continue;
      const owed = formatBaht(a.balance);
      const body = render(balance.template, {
        name: a.name,
        balance: owed,
        date: a.date,
        code: a.code,
        branch: a.branch_name,
      });
      rows.push(
        ...toChannels(
          'balance_due',
          balance,
          student(a.name, a.line_user_id),
          { branch_id: a.branch_id, body, reason: `${a.code} ค้างชำระ ${owed} บาท สอบ ${formatThaiDate(a.date)}` },
          `balance_due:${a.application_id}:${a.date}`,
        ),
      );
    }
  }
  return rows;
}
