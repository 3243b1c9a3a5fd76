/** The exam-rule settings: every number a rule uses comes from here or the course types, never from code. */
import { eq } from 'drizzle-orm';
import { type ExamSettingsBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { schoolSettings } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { examSettings, requestFeeInfo } from './repo.js';

// ---- the exam-rule settings ----

export async function updateExamSettings(tx: Tx, actor: Actor, b: ExamSettingsBody, reqId?: string) {
  const before = await examSettings(tx);
  const next = { ...before, ...b };
  if (next.exam_theory_pass_mark > next.exam_theory_questions) {
    throw badRequest(
      `คะแนนผ่านภาคทฤษฎี: ${next.exam_theory_pass_mark} มากกว่าจำนวนข้อสอบ ${next.exam_theory_questions} ข้อ`,
    );
  }
  for (const [k, what] of [
    ['exam_extend_fee_id', 'ค่าคำร้องต่ออายุสิทธิ์สอบ'],
    ['exam_changedate_fee_id', 'ค่าคำร้องเปลี่ยนวันสอบ'],
  ] as const) {
    const id = b[k];
    if (id && !(await requestFeeInfo(tx, id))) throw badRequest(`${what}: ต้องเป็นค่าคำร้องที่เปิดใช้งานอยู่`);
  }
  const [row] = await tx
    .update(schoolSettings)
    .set({ ...b, updatedAt: new Date() })
    .where(eq(schoolSettings.id, 1))
    .returning();
  await audit(tx, actor, { entity: 'settings', entityId: 1, action: 'update', before, after: b }, reqId);
  return row!;
}
