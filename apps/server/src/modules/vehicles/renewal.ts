/**
 * The fleet's renewal rules where a renewal is recorded (the expense that rolls a vehicle's due date), from the dated
 * rules in force on the day paid (fleet_rules, edited on the reminder settings):
 * - the tax is renewed at most tax_early_days before it is due (on that day exactly, it may);
 * - only while the พ.ร.บ. is in force on the day paid;
 * - a car car_check_age years old or more, a motorcycle motorcycle_check_age or more, only after its ตรอ. of this round:
 *   a ตรอ. recorded for it (its date rolled past the tax due date being renewed) and not run out on the day paid.
 * Each refusal says what to do first. A manager (one who approves requests) may record it all the same with a reason,
 * kept in the audit log with the rules gone past. The expenses module runs this check through its renewal hook.
 */
import { addDays, formatThaiDate } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { audit } from '../../http/audit.js';
import { canDo } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { RenewalCheck } from '../expenses/index.js';
import { ageOf, needsCheck, rulesOn, type VehicleDates } from './rules.js';

type Vehicle = VehicleDates & { no: string; province: string };

/** The rules a tax renewal paid on `date` breaks, each as the Thai sentence that says what to do first. */
export async function taxRenewalProblems(conn: Conn, v: Vehicle, date: string): Promise<string[]> {
  const rules = await rulesOn(conn, date);
  const plate = `${v.no} ${v.province}`;
  const out: string[] = [];
  if (v.noti_tax) {
    const from = addDays(v.noti_tax, -rules.tax_early_days);
    if (date < from)
      out.push(
        `ต่อภาษีรถ ${plate} ได้ล่วงหน้าไม่เกิน ${rules.tax_early_days} วันก่อนครบกำหนด (${formatThaiDate(v.noti_tax)}) ให้ต่อภาษีตั้งแต่วันที่ ${formatThaiDate(from)} เป็นต้นไป`,
      );
  }
  if (!v.noti_compulsory || v.noti_compulsory < date) {
    const state = v.noti_compulsory
      ? `พ.ร.บ. ของรถ ${plate} หมดอายุแล้วเมื่อ ${formatThaiDate(v.noti_compulsory)}`
      : `รถ ${plate} ยังไม่ได้บันทึกวันหมดอายุ พ.ร.บ.`;
    out.push(`${state} ต้องมี พ.ร.บ. ที่ยังไม่หมดอายุจึงต่อภาษีได้ ให้ต่อ พ.ร.บ. และบันทึกค่า พ.ร.บ. ก่อน`);
  }
  if (needsCheck(v, rules, date)) {
    const done = v.noti_check !== null && v.noti_check >= date && (v.noti_tax === null || v.noti_check > v.noti_tax);
    if (!done)
      out.push(
        `รถ ${plate} อายุ ${ageOf(v, date)} ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี ให้นำรถไปตรวจสภาพและบันทึกค่าตรวจสภาพ (ตรอ.) ก่อน`,
      );
  }
  return out;
}

/**
 * The renewal hook: a tax renewal that breaks a rule is refused (400, every broken rule named; to a manager the
 * refusal names the reason field that records it all the same). With a reason, a manager records it and the audit
 * log keeps the reason and the rules gone past; anyone else is refused (403).
 */
export const checkTaxRenewal: RenewalCheck = async (tx, actor, v, renewal, reqId) => {
  if (renewal.kind !== 'tax') return;
  const problems = await taxRenewalProblems(tx, v, renewal.date);
  if (!problems.length) return;
  const manager = canDo(actor, 'approve', 'Request');
  const rules = problems.join(' และ ');
  if (!renewal.override) {
    if (!manager) throw badRequest(`การต่ออายุ: ${rules} (หากจำเป็นต้องบันทึกทั้งที่ไม่เป็นไปตามกฎ ให้ผู้จัดการเป็นผู้บันทึกพร้อมระบุเหตุผล)`);
    throw badRequest(`การต่ออายุ: ${rules}`, [
      {
        field: 'rule_override_reason',
        message: 'เหตุผลที่ยืนยันบันทึก: หากจำเป็นต้องบันทึกทั้งที่ไม่เป็นไปตามกฎ ให้ระบุเหตุผล (เก็บไว้ในประวัติการแก้ไข)',
      },
    ]);
  }
  if (!manager) throw forbidden(`เหตุผลที่ยืนยันบันทึก: เฉพาะผู้จัดการเท่านั้นที่บันทึกการต่อภาษีที่ไม่เป็นไปตามกฎได้ (${rules})`);
  await audit(
    tx,
    actor,
    {
      entity: 'vehicle',
      entityId: v.vehicle_id,
      action: 'renew-override',
      branchId: v.branch_id,
      after: {
        renew_kind: renewal.kind,
        date: renewal.date,
        renew_until: renewal.until,
        expenses_id: renewal.expenses_id,
        broken_rules: problems,
        reason: renewal.override,
      },
    },
    reqId,
  );
};
