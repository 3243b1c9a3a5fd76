/**
 * The fleet's renewal rules where a tax renewal is recorded (the expense that rolls the due date): at most 90 days
 * early, the พ.ร.บ. in force, the ตรอ. inspection for an old car; a manager may go past them with a reason (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';

let t: TestApp;
let hq: number;
let tax: number;
const today = todayBangkok();
const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}-01-15`;

beforeAll(async () => {
  t = await createTestApp();
  hq = (await rows<{ id: number }>(t, sql`select branch_id as id from branches where code = 'HQ'`))[0]!.id;
  tax = (
    await rows<{ id: number }>(
      t,
      sql`select list_expenses_id as id from list_expenses where branch_id = ${hq} and name like ${'%ภาษีรถ%'} and not is_delete limit 1`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

let plate = 0;
async function car(v: Record<string, unknown>) {
  const r = await (
    await t.as('somchai')
  ).post('/api/vehicle/create', {
    no: `7ขข ${3000 + ++plate}`,
    province: 'กรุงเทพมหานคร',
    type: 'car',
    ...v,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data as { vehicle_id: number; noti_tax: string };
}
const renewTax = async (vehicleId: number, due: string, extra: Record<string, unknown> = {}) =>
  (await t.as('somchai')).post('/api/expenses/create', {
    list_expenses_id: tax,
    vehicle_id: vehicleId,
    pay_type: 'transfer',
    date: today,
    value: '1600',
    renew_kind: 'tax',
    renew_until: addDays(due, 365),
    ...extra,
  });
const taxDue = async (id: number) =>
  (await rows<{ d: string }>(t, sql`select noti_tax::text as d from vehicles where vehicle_id = ${id}`))[0]!.d;

describe('tax renewal rules', () => {
  it('a renewal 200 days early of an 8-year-old car without a ตรอ. date is refused naming both rules; the due date stays', async () => {
    const due = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(8), noti_tax: due, noti_compulsory: addDays(today, 300) });
    const r = await renewTax(v.vehicle_id, due);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('ได้ล่วงหน้าไม่เกิน 90 วันก่อนครบกำหนด');
    expect(r.body.message).toContain('ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี: ให้บันทึกค่าตรวจสภาพ (ตรอ.) ก่อน');
    expect(await taxDue(v.vehicle_id)).toBe(due);
  });

  it('a renewal while the พ.ร.บ. has lapsed is refused: renew the พ.ร.บ. first', async () => {
    const due = addDays(today, 30);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, -5) });
    const r = await renewTax(v.vehicle_id, due);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('หมดอายุเมื่อ');
    expect(r.body.message).toContain('ให้ต่อ พ.ร.บ. (บันทึกค่า พ.ร.บ.) ก่อนแล้วจึงต่อภาษี');
    expect(await taxDue(v.vehicle_id)).toBe(due);
  });

  it('within 90 days, with the พ.ร.บ. in force, a young car renews; a manager goes past the rules with a reason kept in the audit log', async () => {
    const due = addDays(today, 30);
    const ok = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, 100) });
    const r = await renewTax(ok.vehicle_id, due);
    expect(r.status, r.body.message).toBe(200);
    expect(await taxDue(ok.vehicle_id)).toBe(addDays(due, 365));

    const early = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: early, noti_compulsory: addDays(today, 300) });
    const over = await renewTax(v.vehicle_id, early, { rule_override_reason: 'ย้ายทะเบียนไปต่างจังหวัด ต่อไว้ก่อน' });
    expect(over.status, over.body.message).toBe(200);
    expect(await taxDue(v.vehicle_id)).toBe(addDays(early, 365));
    const [a] = await rows<{ after: { reason: string; rules: string[] } }>(
      t,
      sql`select after from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} and action = 'renew-override'`,
    );
    expect(a!.after.reason).toBe('ย้ายทะเบียนไปต่างจังหวัด ต่อไว้ก่อน');
    expect(a!.after.rules).toHaveLength(1);
  });
});
