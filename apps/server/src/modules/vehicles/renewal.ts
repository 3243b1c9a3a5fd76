/**
 * The fleet's renewal rules where a renewal is recorded (the expense that rolls a due date), from the dated rules in
 * force on the day paid: the tax is renewed at most tax_early_days before it is due, only while the พ.ร.บ. is in force,
 * and, for a car or motorcycle old enough, only after its ตรอ. inspection. Each refusal says what to do first; a
 * manager may go past them with a reason, kept in the audit log.
 */
import { addDays, formatThaiDate } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import type { vehicles } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { canDo, type Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { ageOf, needsCheck, rulesOn } from './rules.js';

type Vehicle = typeof vehicles.$inferSelect;

/** The rules a tax renewal paid on `date` breaks, each as the Thai sentence saying what to do first. */
export async function renewalProblems(conn: Conn, v: Vehicle, kind: string, date: string): Promise<string[]> {
  if (kind !== 'tax') return [];
  const rules = await rulesOn(conn, date);
  const plate = `${v.no} ${v.province}`;
  const out: string[] = [];
  if (v.noti_tax && date < addDays(v.noti_tax, -rules.tax_early_days)) {
    out.push(
      `ต่อภาษีรถ ${plate} ได้ล่วงหน้าไม่เกิน ${rules.tax_early_days} วันก่อนครบกำหนด (${formatThaiDate(v.noti_tax)}): ต่อได้ตั้งแต่วันที่ ${formatThaiDate(addDays(v.noti_tax, -rules.tax_early_days))}`,
    );
  }
  if (!v.noti_compulsory || v.noti_compulsory < date) {
    out.push(
      `พ.ร.บ. ของรถ ${plate} ${v.noti_compulsory ? `หมดอายุเมื่อ ${formatThaiDate(v.noti_compulsory)}` : 'ยังไม่ได้บันทึกวันครบกำหนด'}: ให้ต่อ พ.ร.บ. (บันทึกค่า พ.ร.บ.) ก่อนแล้วจึงต่อภาษี`,
    );
  }
  if (needsCheck(v, rules, date) && (!v.noti_check || v.noti_check < date)) {
    out.push(`รถ ${plate} อายุ ${ageOf(v, date)} ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี: ให้บันทึกค่าตรวจสภาพ (ตรอ.) ก่อน`);
  }
  return out;
}

/**
 * Refuses a renewal that breaks a rule (400, every broken rule named), unless a manager (one who approves requests)
 * gives a reason to go past them: the reason and the rules passed are then written to the audit log.
 */
export async function assertRenewalRules(
  conn: Conn,
  actor: Actor,
  v: Vehicle,
  renewal: { kind: string | null | undefined; date: string; override?: string | null },
  reqId?: string,
) {
  if (!renewal.kind) return;
  const problems = await renewalProblems(conn, v, renewal.kind, renewal.date);
  if (!problems.length) return;
  const reason = (renewal.override ?? '').trim();
  if (!reason) throw badRequest(`การต่ออายุ: ${problems.join(' และ ')}`);
  if (!canDo(actor, 'approve', 'Request'))
    throw badRequest(`เหตุผลการยกเว้นกฎการต่ออายุ: เฉพาะผู้จัดการเท่านั้นที่ยกเว้นได้ (${problems.join(' และ ')})`);
  await audit(
    conn,
    actor,
    {
      entity: 'vehicle',
      entityId: v.vehicle_id,
      action: 'renew-override',
      branchId: v.branch_id,
      after: { renew_kind: renewal.kind, date: renewal.date, rules: problems, reason },
    },
    reqId,
  );
}
