/**
 * The fleet's renewal rules where a tax renewal is recorded (the expense that rolls the vehicle's due date): at most 90
 * days before it is due, with the พ.ร.บ. in force, after the ตรอ. of a car of 7 years or a motorcycle of 5; each refusal
 * in Thai saying what to do first, with nothing written. A manager may record it all the same with a reason kept in
 * the audit log; anyone else may not. The figures are the dated rules in force on the day paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';

let t: TestApp;
/** the branch's expense items of the tax, the ตรอ. and the พ.ร.บ. (by their category, as the demo school names them) */
let tax: number, check: number, prb: number;
const today = todayBangkok();
/** a registration date `n` whole years (and ten days) before today */
const yearsAgo = (n: number) =>
  addDays(`${Number(today.slice(0, 4)) - n}${today.slice(4) === '-02-29' ? '-02-28' : today.slice(4)}`, -10);

beforeAll(async () => {
  t = await createTestApp();
  const somchai = await t.as('somchai');
  // the base catalog has the พ.ร.บ. item; the demo school's tax and ตรอ. items (seed-demo-vehicles: "ภาษีรถประจำปี")
  // come with the demo money only, so the branch makes them here as a school does on its catalog screen
  const cats = (await somchai.get('/api/list-expenses/list')).body.data.category as {
    name: string;
    children: { value: number; name: string }[];
  }[];
  const childOf = (name: string) => cats.flatMap((c) => c.children).find((c) => c.name === name)!.value;
  const make = async (name: string, category: string) => {
    const r = await somchai.post('/api/list-expenses/create', { name, category_id: childOf(category) });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.list_expenses_id as number;
  };
  tax = await make('ภาษีรถประจำปี', 'ภาษีรถประจำปี');
  check = await make('ค่าตรวจสภาพรถ (ตรอ.)', 'ตรวจสภาพรถ');
  const hq = (await rows<{ id: number }>(t, sql`select branch_id as id from branches where code = 'HQ'`))[0]!.id;
  prb = (
    await rows<{ id: number }>(
      t,
      sql`select list_expenses_id as id from list_expenses where branch_id = ${hq} and name = ${'พ.ร.บ. รถฝึก'} and not is_delete`,
    )
  )[0]!.id;
  // the items say which renewal they are (the form suggests it from the item's category)
  const items = (await somchai.get('/api/expenses/list-category', { branch: hq })).body.data.flatMap(
    (c: { list: { list_expenses_id: number; renew_kind: string | null }[] }) => c.list,
  );
  expect(items.find((i: any) => i.list_expenses_id === tax).renew_kind).toBe('tax');
  expect(items.find((i: any) => i.list_expenses_id === check).renew_kind).toBe('check');
});
afterAll(async () => {
  await t?.close();
});

let plate = 0;
interface Car {
  vehicle_id: number;
  no: string;
}
async function car(v: Record<string, unknown>): Promise<Car> {
  const r = await (
    await t.as('somchai')
  ).post('/api/vehicle/create', {
    no: `7ขข ${3000 + ++plate}`,
    province: 'กรุงเทพมหานคร',
    type: 'car',
    ...v,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}
const expense = async (user: string, body: Record<string, unknown>) =>
  (await t.as(user)).post('/api/expenses/create', { pay_type: 'transfer', date: today, ...body });
const renewTax = (user: string, v: Car, until: string, extra: Record<string, unknown> = {}) =>
  expense(user, {
    list_expenses_id: tax,
    vehicle_id: v.vehicle_id,
    value: '1600',
    renew_kind: 'tax',
    renew_until: until,
    ...extra,
  });
const dates = async (v: Car) =>
  (
    await rows<{ tax: string | null; compulsory: string | null; check: string | null }>(
      t,
      sql`select noti_tax::text as tax, noti_compulsory::text as compulsory, noti_check::text as check
          from vehicles where vehicle_id = ${v.vehicle_id}`,
    )
  )[0]!;
/** nothing of a refused renewal stays: no expense of the vehicle, no audit row but its creation */
async function nothingWritten(v: Car) {
  const ex = await rows(t, sql`select 1 from expenses where vehicle_id = ${v.vehicle_id}`);
  expect(ex).toHaveLength(0);
  const audits = await rows<{ action: string }>(
    t,
    sql`select action from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} order by id`,
  );
  expect(audits.map((a) => a.action)).toEqual(['create']);
}
const thai = /[ก-๙]/;
/** the fields an error names (the envelope's details) */
const detailsOf = (body: unknown) => (body as { details?: { field: string; message: string }[] }).details;

describe('tax renewal: how early', () => {
  it('200 days before it is due is refused in Thai, saying from which day; nothing is written and the date stays', async () => {
    const due = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, 300) });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(thai);
    expect(r.body.message).toContain(`ต่อภาษีรถ ${v.no} กรุงเทพมหานคร ได้ล่วงหน้าไม่เกิน 90 วันก่อนครบกำหนด`);
    expect(r.body.message).toContain('ให้ต่อภาษีตั้งแต่วันที่');
    expect(r.body.message).not.toContain('พ.ร.บ.');
    expect((await dates(v)).tax).toBe(due);
    await nothingWritten(v);
  });

  it('exactly 90 days before is saved and rolls the date; 91 days before is refused', async () => {
    const at90 = await car({
      registration_date: yearsAgo(2),
      noti_tax: addDays(today, 90),
      noti_compulsory: addDays(today, 300),
    });
    const ok = await renewTax('somchai', at90, addDays(today, 90 + 365));
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ renew_kind: 'tax', renew_until: addDays(today, 455) });
    expect((await dates(at90)).tax).toBe(addDays(today, 455));

    const at91 = await car({
      registration_date: yearsAgo(2),
      noti_tax: addDays(today, 91),
      noti_compulsory: addDays(today, 300),
    });
    const early = await renewTax('somchai', at91, addDays(today, 91 + 365));
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('ได้ล่วงหน้าไม่เกิน 90 วันก่อนครบกำหนด');
    expect((await dates(at91)).tax).toBe(addDays(today, 91));
    await nothingWritten(at91);
  });

  it('a tax already overdue, with the พ.ร.บ. in force, renews (late is the surcharge’s business, not a refusal)', async () => {
    const due = addDays(today, -20);
    const v = await car({ registration_date: yearsAgo(3), noti_tax: due, noti_compulsory: addDays(today, 200) });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status, r.body.message).toBe(200);
    expect((await dates(v)).tax).toBe(addDays(due, 365));
  });
});

describe('tax renewal: the พ.ร.บ. first', () => {
  it('with the พ.ร.บ. lapsed (or never recorded) it is refused: renew the พ.ร.บ. first; once recorded, the tax renews', async () => {
    const due = addDays(today, 30);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, -5) });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`พ.ร.บ. ของรถ ${v.no} กรุงเทพมหานคร หมดอายุแล้วเมื่อ`);
    expect(r.body.message).toContain('ให้ต่อ พ.ร.บ. และบันทึกค่า พ.ร.บ. ก่อน');
    expect(r.body.message).not.toContain('ล่วงหน้า');
    expect(await dates(v)).toMatchObject({ tax: due, compulsory: addDays(today, -5) });
    await nothingWritten(v);

    const never = await car({ registration_date: yearsAgo(2), noti_tax: due });
    const r2 = await renewTax('somchai', never, addDays(due, 365));
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('ยังไม่ได้บันทึกวันหมดอายุ พ.ร.บ.');

    // what the message says to do: the พ.ร.บ. renewed first, then the tax
    const p = await expense('somchai', {
      list_expenses_id: prb,
      vehicle_id: v.vehicle_id,
      value: '645.21',
      renew_kind: 'compulsory',
      renew_until: addDays(today, 360),
    });
    expect(p.status, p.body.message).toBe(200);
    const ok = await renewTax('somchai', v, addDays(due, 365));
    expect(ok.status, ok.body.message).toBe(200);
    expect(await dates(v)).toMatchObject({ tax: addDays(due, 365), compulsory: addDays(today, 360) });
  });

  it('a พ.ร.บ. that runs out on the day paid is still in force', async () => {
    const v = await car({
      registration_date: yearsAgo(1),
      noti_tax: addDays(today, 10),
      noti_compulsory: today,
    });
    expect((await renewTax('somchai', v, addDays(today, 375))).status).toBe(200);
  });
});

describe('tax renewal: the ตรอ. of an old vehicle', () => {
  it('an 8-year-old car without an inspection date is refused: have it inspected first; after the ตรอ. is recorded it renews', async () => {
    const due = addDays(today, 30);
    const v = await car({ registration_date: yearsAgo(8), noti_tax: due, noti_compulsory: addDays(today, 200) });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`รถ ${v.no} กรุงเทพมหานคร อายุ 8 ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี`);
    expect(r.body.message).toContain('บันทึกค่าตรวจสภาพ (ตรอ.) ก่อน');
    expect((await dates(v)).tax).toBe(due);
    await nothingWritten(v);

    const inspected = await expense('somchai', {
      list_expenses_id: check,
      vehicle_id: v.vehicle_id,
      value: '200',
      renew_kind: 'check',
      renew_until: addDays(due, 365),
    });
    expect(inspected.status, inspected.body.message).toBe(200);
    const ok = await renewTax('somchai', v, addDays(due, 365));
    expect(ok.status, ok.body.message).toBe(200);
    expect(await dates(v)).toMatchObject({ tax: addDays(due, 365), check: addDays(due, 365) });
  });

  it('last round’s ตรอ. (due with the tax being renewed) is not this round’s: refused', async () => {
    const due = addDays(today, 30);
    const v = await car({
      registration_date: yearsAgo(9),
      noti_tax: due,
      noti_check: due,
      noti_compulsory: addDays(today, 200),
    });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('อายุ 9 ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี');
  });

  it('a motorcycle of 6 years without a ตรอ. is refused; one of 4 years and a car of 6 years need none', async () => {
    const due = addDays(today, 30);
    const moto6 = await car({
      type: 'motorcycle',
      registration_date: yearsAgo(6),
      noti_tax: due,
      noti_compulsory: addDays(today, 200),
    });
    const r = await renewTax('somchai', moto6, addDays(due, 365));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`รถ ${moto6.no} กรุงเทพมหานคร อายุ 6 ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี`);
    expect((await dates(moto6)).tax).toBe(due);
    await nothingWritten(moto6);

    const moto4 = await car({
      type: 'motorcycle',
      registration_date: yearsAgo(4),
      noti_tax: due,
      noti_compulsory: addDays(today, 200),
    });
    expect((await renewTax('somchai', moto4, addDays(due, 365))).status).toBe(200);
    expect((await dates(moto4)).tax).toBe(addDays(due, 365));
    const car6 = await car({ registration_date: yearsAgo(6), noti_tax: due, noti_compulsory: addDays(today, 200) });
    expect((await renewTax('somchai', car6, addDays(due, 365))).status).toBe(200);
  });

  it('every broken rule is named at once', async () => {
    const due = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(8), noti_tax: due, noti_compulsory: addDays(today, -1) });
    const r = await renewTax('somchai', v, addDays(due, 365));
    expect(r.status).toBe(400);
    for (const part of ['ได้ล่วงหน้าไม่เกิน 90 วัน', 'ให้ต่อ พ.ร.บ.', 'ต้องผ่านการตรวจสภาพ (ตรอ.)'])
      expect(r.body.message).toContain(part);
  });
});

describe('a manager’s override', () => {
  it('a manager records a refused renewal with a reason: saved, the date rolled, the reason and the rules in the audit row', async () => {
    const due = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, 300) });
    // without a reason, the manager's refusal names the field that records it all the same
    const asked = await renewTax('somchai', v, addDays(due, 365));
    expect(asked.status).toBe(400);
    expect(detailsOf(asked.body)).toEqual([
      { field: 'rule_override_reason', message: expect.stringContaining('เหตุผลที่ยืนยันบันทึก') },
    ]);
    const reason = 'รถจะย้ายไปใช้ที่สาขาต่างจังหวัดช่วงครบกำหนด ต่อไว้ก่อน';
    const r = await renewTax('somchai', v, addDays(due, 365), { rule_override_reason: `  ${reason} ` });
    expect(r.status, r.body.message).toBe(200);
    expect((await dates(v)).tax).toBe(addDays(due, 365));
    const audits = await rows<{ action: string; after: any }>(
      t,
      sql`select action, after from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'renew-override', 'renew']);
    expect(audits[1]!.after).toMatchObject({
      reason,
      renew_kind: 'tax',
      date: today,
      renew_until: addDays(due, 365),
      expenses_id: r.body.data.expenses_id,
    });
    expect(audits[1]!.after.broken_rules).toHaveLength(1);
    expect(audits[1]!.after.broken_rules[0]).toContain('ได้ล่วงหน้าไม่เกิน 90 วัน');
  });

  it('anyone else is refused, with a reason (403) or without (told to ask a manager); nothing is written', async () => {
    const due = addDays(today, 30);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, -3) });
    // wanida (accountant) records expenses but does not approve requests
    const plain = await renewTax('wanida', v, addDays(due, 365));
    expect(plain.status).toBe(400);
    expect(plain.body.message).toContain('ให้ต่อ พ.ร.บ. และบันทึกค่า พ.ร.บ. ก่อน');
    expect(plain.body.message).toContain('ให้ผู้จัดการเป็นผู้บันทึกพร้อมระบุเหตุผล');
    expect(detailsOf(plain.body)).toBeUndefined();
    const over = await renewTax('wanida', v, addDays(due, 365), { rule_override_reason: 'ผู้จัดการสั่งให้ต่อไว้ก่อน' });
    expect(over.status).toBe(403);
    expect(over.body.message).toContain('เฉพาะผู้จัดการเท่านั้น');
    expect(over.body.message).toContain('พ.ร.บ.');
    expect((await dates(v)).tax).toBe(due);
    await nothingWritten(v);
  });

  it('a reason on a renewal no rule refuses is not an override: no override row', async () => {
    const due = addDays(today, 30);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, 300) });
    const r = await renewTax('wanida', v, addDays(due, 365), { rule_override_reason: 'ไม่จำเป็น' });
    expect(r.status, r.body.message).toBe(200);
    const audits = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'renew']);
  });
});

describe('where the rules apply', () => {
  it('an expense changed into a tax renewal passes the rules too; other renewals (the พ.ร.บ.) have none of the tax’s', async () => {
    const due = addDays(today, 200);
    const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, 300) });
    const plain = await expense('somchai', { list_expenses_id: tax, vehicle_id: v.vehicle_id, value: '1600' });
    expect(plain.status, plain.body.message).toBe(200);
    const changed = await (
      await t.as('somchai')
    ).put('/api/expenses/update', {
      expenses_id: plain.body.data.expenses_id,
      renew_kind: 'tax',
      renew_until: addDays(due, 365),
    });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toContain('ได้ล่วงหน้าไม่เกิน 90 วัน');
    expect((await dates(v)).tax).toBe(due);
    const [row] = await rows<{ renew_kind: string | null }>(
      t,
      sql`select renew_kind from expenses where expenses_id = ${plain.body.data.expenses_id}`,
    );
    expect(row!.renew_kind).toBeNull();
    // the same correction with a manager's reason goes through; a later edit of its note asks for none
    const forced = await (
      await t.as('somchai')
    ).put('/api/expenses/update', {
      expenses_id: plain.body.data.expenses_id,
      renew_kind: 'tax',
      renew_until: addDays(due, 365),
      rule_override_reason: 'แก้รายการที่บันทึกไว้ให้ตรงกับใบเสร็จ',
    });
    expect(forced.status, forced.body.message).toBe(200);
    expect((await dates(v)).tax).toBe(addDays(due, 365));
    const note = await (
      await t.as('somchai')
    ).put('/api/expenses/update', { expenses_id: plain.body.data.expenses_id, detail: 'ใบเสร็จเลขที่ 123' });
    expect(note.status, note.body.message).toBe(200);
    expect((await dates(v)).tax).toBe(addDays(due, 365));

    // a พ.ร.บ. renewed long before it runs out is not the tax's business
    const p = await car({ registration_date: yearsAgo(9), noti_compulsory: addDays(today, 250) });
    const prbEarly = await expense('somchai', {
      list_expenses_id: prb,
      vehicle_id: p.vehicle_id,
      value: '645.21',
      renew_kind: 'compulsory',
      renew_until: addDays(today, 615),
    });
    expect(prbEarly.status, prbEarly.body.message).toBe(200);
  });

  it('a tax renewal sent together with the พ.ร.บ. renewal it needs: the vehicle’s lock takes them one at a time, the tax saved only after the พ.ร.บ.', async () => {
    for (let round = 0; round < 4; round++) {
      const due = addDays(today, 30);
      const v = await car({ registration_date: yearsAgo(2), noti_tax: due, noti_compulsory: addDays(today, -2) });
      const [p, x] = await Promise.all([
        expense('somchai', {
          list_expenses_id: prb,
          vehicle_id: v.vehicle_id,
          value: '645.21',
          renew_kind: 'compulsory',
          renew_until: addDays(today, 363),
        }),
        renewTax('somchai', v, addDays(due, 365)),
      ]);
      expect(p.status, p.body.message).toBe(200);
      expect([200, 400], x.body.message).toContain(x.status);
      const renews = await rows<{ kind: string }>(
        t,
        sql`select e.renew_kind as kind from audit_log a join expenses e on e.expenses_id = (a.after->>'expenses_id')::int
            where a.entity = 'vehicle' and a.entity_id = ${String(v.vehicle_id)} and a.action = 'renew' order by a.id`,
      );
      if (x.status === 200) {
        expect(renews.map((r) => r.kind)).toEqual(['compulsory', 'tax']);
        expect((await dates(v)).tax).toBe(addDays(due, 365));
      } else {
        expect(x.body.message).toContain('ให้ต่อ พ.ร.บ. และบันทึกค่า พ.ร.บ. ก่อน');
        expect(renews.map((r) => r.kind)).toEqual(['compulsory']);
        expect((await dates(v)).tax).toBe(due);
      }
    }
  });

  it('the figures are the dated rules in force on the day paid: 120 days from today lets a renewal 100 days early through today, not yesterday', async () => {
    const somchai = await t.as('somchai');
    const rules = (early: number) => ({
      effective_from: today,
      remind_days: 30,
      tax_late_rate: '1',
      tax_early_days: early,
      car_check_age: 7,
      motorcycle_check_age: 5,
    });
    expect((await somchai.put('/api/vehicle/rules/update', rules(120))).status).toBe(200);
    try {
      const yesterday = addDays(today, -1);
      const before = await car({
        registration_date: yearsAgo(2),
        noti_tax: addDays(yesterday, 100),
        noti_compulsory: addDays(today, 300),
      });
      const old = await renewTax('somchai', before, addDays(yesterday, 465), { date: yesterday });
      expect(old.status).toBe(400);
      expect(old.body.message).toContain('ได้ล่วงหน้าไม่เกิน 90 วันก่อนครบกำหนด');
      const now = await car({
        registration_date: yearsAgo(2),
        noti_tax: addDays(today, 100),
        noti_compulsory: addDays(today, 300),
      });
      const ok = await renewTax('somchai', now, addDays(today, 465));
      expect(ok.status, ok.body.message).toBe(200);
      expect((await dates(now)).tax).toBe(addDays(today, 465));
    } finally {
      await somchai.put('/api/vehicle/rules/update', rules(90));
    }
  });
});
