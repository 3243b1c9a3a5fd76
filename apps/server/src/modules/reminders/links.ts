/**
 * A student's reminders as staff see them on the registration: whether their LINE account is linked, whether they
 * opted out (kept on the customer, so it holds for every later registration and the planner skips them), and the
 * code that links their LINE account. The school's LINE Official Account calls the webhook (webhook.ts) when the
 * student sends the code; the link is then stored and a confirmation goes out through the outbox.
 */
import { randomInt } from 'node:crypto';
import type { StudentReminders } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { clearLink, insertCode, setOptOut, studentOf } from './repo-links.js';

/** How long a link code can be used. */
export const CODE_DAYS = 7;

async function student(db: Db, actor: Actor, applicationId: number) {
  const s = await studentOf(db, applicationId);
  if (!s) throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, s.branch_id);
  return s;
}

export async function studentReminders(db: Db, actor: Actor, applicationId: number): Promise<StudentReminders> {
  const s = await student(db, actor, applicationId);
  return {
    application_id: s.application_id,
    customer_name: s.customer_name,
    line_linked: s.line_user_id !== '',
    opt_out: s.opt_out,
    code: s.code && s.expires_at ? { code: s.code, expires_at: s.expires_at } : null,
  };
}

export async function setStudentOptOut(db: Db, actor: Actor, applicationId: number, optOut: boolean, reqId: string) {
  const s = await student(db, actor, applicationId);
  await db.transaction(async (tx) => {
    await setOptOut(tx, s.customer_id, optOut);
    await audit(
      tx,
      actor,
      {
        entity: 'customer',
        entityId: s.customer_id,
        action: optOut ? 'reminders_opt_out' : 'reminders_opt_in',
        branchId: s.branch_id,
        before: { reminders_opt_out: s.opt_out },
        after: { reminders_opt_out: optOut },
      },
      reqId,
    );
  });
}

/** A new six-digit code for the student (an older unused one stops working). */
export async function makeLinkCode(db: Db, actor: Actor, applicationId: number, reqId: string) {
  const s = await student(db, actor, applicationId);
  await db.transaction(async (tx) => {
    for (let i = 0; i < 8; i++) {
      const code = String(randomInt(100000, 1000000));
      if (
        await insertCode(tx, {
          code,
          customer_id: s.customer_id,
          branch_id: s.branch_id,
          user_id: actor.userId,
          days: CODE_DAYS,
        })
      ) {
        // the audit row names the action, not the code (it is a credential until used)
        await audit(
          tx,
          actor,
          { entity: 'customer', entityId: s.customer_id, action: 'line_link_code', branchId: s.branch_id },
          reqId,
        );
        return;
      }
    }
    throw badRequest('สร้างรหัสเชื่อม LINE ไม่สำเร็จ กรุณาลองอีกครั้ง');
  });
}

export async function unlinkStudent(db: Db, actor: Actor, applicationId: number, reqId: string) {
  const s = await student(db, actor, applicationId);
  await db.transaction(async (tx) => {
    await clearLink(tx, s.customer_id);
    await audit(
      tx,
      actor,
      {
        entity: 'customer',
        entityId: s.customer_id,
        action: 'line_unlink',
        branchId: s.branch_id,
        before: { line_linked: s.line_user_id !== '' },
      },
      reqId,
    );
  });
}
