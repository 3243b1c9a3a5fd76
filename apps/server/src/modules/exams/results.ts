/** Recording a session's results: theory scores against the pass mark, practical manoeuvres, absences. */
import { eq, inArray, sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { type ResultBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { customers } from '../../db/schema/money.js';
import { examAttempts } from '../../db/schema/exams.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { customerName, examSettings, manoeuvresOf, refreshPassed } from './repo.js';
import { loadSessionLocked } from './book.js';
import { d } from './shared.js';

// ---- results ----

export async function recordResults(tx: Tx, actor: Actor, b: ResultBody, reqId?: string) {
  const st = await examSettings(tx);
  const s = await loadSessionLocked(tx, actor, b.session_id);
  if (s.exam_date > todayBangkok()) throw badRequest(`ผลสอบ: ยังไม่ถึงวันสอบ ${d(s.exam_date)} บันทึกผลล่วงหน้าไม่ได้`);
  const ids = b.results.map((r) => r.attempt_id);
  if (new Set(ids).size !== ids.length) throw badRequest('ผลสอบ: มีผู้เข้าสอบซ้ำกันในรายการ');
  const rows = await tx
    .select({ a: examAttempts, name: customerName })
    .from(examAttempts)
    .innerJoin(customers, eq(customers.customer_id, examAttempts.customer_id))
    .where(inArray(examAttempts.attempt_id, ids));
  const byId = new Map(rows.map((r) => [r.a.attempt_id, r]));
  const manoeuvres = s.kind === 'practical' ? await manoeuvresOf(tx, s.course_type) : [];
  if (s.kind === 'practical' && manoeuvres.length === 0) {
    throw badRequest(`ผลภาคปฏิบัติ: ยังไม่มีท่าสอบ (หัวข้อการประเมินหมวด manoeuvre) ของ${s.course_type} เพิ่มที่เมนูหัวข้อการประเมินก่อน`);
  }
  let passed = 0;
  let failed = 0;
  let absent = 0;
  for (const r of b.results) {
    const row = byId.get(r.attempt_id);
    if (!row || row.a.session_id !== s.session_id || row.a.status === 'cancelled')
      throw badRequest(`ผลสอบ: รายการสอบเลขที่ ${r.attempt_id} ไม่อยู่ในรอบสอบนี้`);
    const who = row.name;
    let status: string;
    let theory: number | null = null;
    let practical: { evaluate_id: number; title: string; passed: boolean }[] | null = null;
    if (r.absent) status = 'absent';
    else if (s.kind === 'theory') {
      if (r.theory_score === undefined || r.theory_score === null)
        throw badRequest(`คะแนนภาคทฤษฎี: ยังไม่ได้กรอกคะแนนของ ${who}`);
      if (r.theory_score > st.exam_theory_questions)
        throw badRequest(
          `คะแนนภาคทฤษฎี: ${who} ได้ ${r.theory_score} คะแนน เกินจำนวนข้อสอบ ${st.exam_theory_questions} ข้อ`,
        );
      theory = r.theory_score;
      status = theory >= st.exam_theory_pass_mark ? 'passed' : 'failed';
    } else {
      const given = new Map((r.practical ?? []).map((p) => [p.evaluate_id, p.passed]));
      for (const id of given.keys()) {
        if (!manoeuvres.some((m) => m.evaluate_id === id))
          throw badRequest(`ผลภาคปฏิบัติ: ${who} มีท่าสอบที่ไม่ใช่ของ${s.course_type}`);
      }
      const missing = manoeuvres.find((m) => !given.has(m.evaluate_id));
      if (missing) throw badRequest(`ผลภาคปฏิบัติ: ยังไม่ได้บันทึกท่า "${missing.title}" ของ ${who}`);
      practical = manoeuvres.map((m) => ({
        evaluate_id: m.evaluate_id,
        title: m.title,
        passed: given.get(m.evaluate_id)!,
      }));
      status = practical.every((p) => p.passed) ? 'passed' : 'failed';
    }
    if (status === 'passed') passed++;
    else if (status === 'failed') failed++;
    else absent++;
    const [after] = await tx
      .update(examAttempts)
      .set({
        status,
        theory_score: theory,
        theory_total: s.kind === 'theory' && status !== 'absent' ? st.exam_theory_questions : null,
        practical,
        note: (r.note ?? row.a.note).trim(),
        recorded_by: actor.userId,
        recorded_at: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(examAttempts.attempt_id, r.attempt_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'exam_attempt', entityId: r.attempt_id, action: 'result', branchId: s.branch_id, before: row.a, after },
      reqId,
    );
  }
  // the session's result counts, recounted under its lock (the calendar and the lists read them from the row)
  await tx.execute(sql`update exam_sessions s set passed = c.passed, failed = c.failed, recorded = c.recorded, updated_at = now()
    from (select count(*) filter (where status = 'passed')::int as passed, count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status in ('passed', 'failed', 'absent'))::int as recorded
          from exam_attempts where session_id = ${s.session_id}) c
    where s.session_id = ${s.session_id}`);
  // a passed practical closes the line's permission (สอบผ่านแล้ว); a corrected result reopens it
  if (s.kind === 'practical') await refreshPassed(tx, s.session_id);
  return { passed, failed, absent };
}
