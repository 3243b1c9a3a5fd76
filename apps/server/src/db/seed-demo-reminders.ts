/**
 * The demo school's reminders and compliance calendar: a student linked to the school's LINE account, a month of
 * outbox history (exam reminders sent by LINE, vehicle and filing reminders by e-mail, one refused by LINE and given
 * up, one skipped for a student without a LINE link), last month's ภ.ง.ด.1 ticked as filed, and one phone-calendar
 * link (its secret unknown to anyone: a demo of the list). Written once: skipped when the outbox has rows.
 */
import { randomBytes, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, formatThaiDate, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { rowsOf } from './sql.js';

export const DEMO_LINE_USER = 'U4af4980629a1b2c3d4e5f60718293a4b';

export async function seedDemoReminders(db: Db) {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from reminder_outbox`),
  );
  if (n > 0) return;
  const today = todayBangkok();
  const [student] = rowsOf<{ customer_id: number; name: string; branch_id: number }>(
    await db.execute(sql`select c.customer_id, c.fname || ' ' || c.sname as name, a.branch_id
      from customers c join applications a on a.customer_id = c.customer_id
      where not c.is_delete order by c.customer_id limit 1`),
  );
  const [other] = rowsOf<{ name: string; branch_id: number }>(
    await db.execute(sql`select c.fname || ' ' || c.sname as name, a.branch_id
      from customers c join applications a on a.customer_id = c.customer_id
      where not c.is_delete order by c.customer_id desc limit 1`),
  );
  const staff = rowsOf<{ user_id: number; name: string; branch_id: number; username: string }>(
    await db.execute(sql`select u.user_id, u.fname || ' ' || u.sname as name, u.branch_id, u.username from users u
      join roles r on r.role_id = u.role_id where not u.is_delete and r.slug in ('owner', 'manager') order by u.user_id limit 3`),
  );
  if (!student || !staff.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update customers set line_user_id = ${DEMO_LINE_USER} where customer_id = ${student.customer_id}`,
    );
    const rows: { day: string; row: Record<string, unknown> }[] = [];
    for (let d = 30; d >= 1; d--) {
      const day = addDays(today, -d);
      const exam = addDays(day, 1);
      if (d % 3 === 0)
        rows.push({
          day,
          row: {
            branch_id: student.branch_id,
            kind: 'exam_tomorrow',
            channel: 'line',
            recipient: DEMO_LINE_USER,
            recipient_name: student.name,
            subject: 'แจ้งเตือนนัดสอบ',
            body: `เรียนคุณ${student.name} พรุ่งนี้ (${formatThaiDate(exam)}) เวลา 09:00 น. มีนัดสอบภาคปฏิบัติ กรุณามาก่อนเวลา 30 นาที พร้อมบัตรประชาชน`,
            reason: `สอบภาคปฏิบัติ ${formatThaiDate(exam)} 09:00 น.`,
            state: d === 9 ? 'failed' : 'sent',
            attempts: d === 9 ? 1 : 1,
            last_error: d === 9 ? "LINE ตอบ 400: The property, 'to', in the request body is invalid" : '',
            provider_response: d === 9 ? '' : '200 {"sentMessages":[{"id":"5' + String(d).padStart(17, '0') + '"}]}',
          },
        });
      if (d % 5 === 0 && other)
        rows.push({
          day,
          row: {
            branch_id: other.branch_id,
            kind: 'exam_tomorrow',
            channel: 'line',
            recipient: '',
            recipient_name: other.name,
            subject: 'แจ้งเตือนนัดสอบ',
            body: `เรียนคุณ${other.name} พรุ่งนี้ (${formatThaiDate(exam)}) เวลา 13:00 น. มีนัดสอบภาคทฤษฎี`,
            reason: `สอบภาคทฤษฎี ${formatThaiDate(exam)} 13:00 น.`,
            state: 'skipped',
            attempts: 0,
            last_error: 'ผู้รับยังไม่ได้เชื่อมบัญชี LINE กับโรงเรียน',
            provider_response: '',
          },
        });
      if (d % 7 === 0)
        for (const u of staff)
          rows.push({
            day,
            row: {
              branch_id: u.branch_id,
              kind: 'vehicle_due',
              channel: 'email',
              recipient: `${u.username}@khabkhi-demo.test`,
              recipient_name: u.name,
              subject: 'แจ้งเตือนรถครบกำหนด',
              body: `เรียนคุณ${u.name} พ.ร.บ. ของรถ กข 1234 กรุงเทพมหานคร ครบกำหนดวันที่ ${formatThaiDate(addDays(day, 14))}`,
              reason: `พ.ร.บ. กข 1234 ครบกำหนด ${formatThaiDate(addDays(day, 14))}`,
              state: 'sent',
              attempts: d === 14 ? 2 : 1,
              last_error: '',
              provider_response: '250 2.0.0 OK queued',
            },
          });
    }
    let i = 0;
    for (const { day, row: r } of rows) {
      const at = `${day}T0${1 + (i % 3)}:${String(10 + (i % 40)).padStart(2, '0')}:00Z`;
      await tx.execute(sql`insert into reminder_outbox (branch_id, kind, channel, recipient, recipient_name, subject, body,
          reason, dedupe_key, state, attempts, last_error, provider_response, created_at, next_at, sent_at)
        values (${r.branch_id as number}, ${r.kind as string}, ${r.channel as string}, ${r.recipient as string},
          ${r.recipient_name as string}, ${r.subject as string}, ${r.body as string}, ${r.reason as string},
          ${`demo:${++i}`}, ${r.state as string}, ${r.attempts as number}, ${r.last_error as string},
          ${r.provider_response as string}, ${at}::timestamptz, ${at}::timestamptz,
          ${r.state === 'sent' ? sql`${at}::timestamptz + interval '4 seconds'` : sql`null`})
        on conflict (dedupe_key) do nothing`);
    }
    // last month's ภ.ง.ด.1 on paper filed (the calendar shows it done); a phone-calendar link of the owner
    const [y, m] = today.split('-').map(Number) as [number, number];
    const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    await tx.execute(
      sql`insert into compliance_done (key, done_by) values (${`pnd1:${prev}`}, ${staff[0]!.user_id}) on conflict do nothing`,
    );
    const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
    await tx.execute(sql`insert into compliance_feeds (branch_id, name, token_hash, created_by)
      values (null, 'มือถือเจ้าของ (ตัวอย่าง)', ${hash}, ${staff[0]!.user_id})`);
  });
}
