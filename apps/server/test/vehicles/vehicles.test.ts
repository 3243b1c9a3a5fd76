/** Vehicles and their expenses: every route and rule, with the Thai messages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';
import { GIF, multipart, PNG, rows } from '../foundation/fixtures.js';

let t: TestApp;
let hq: number, bkn: number;
const today = todayBangkok();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  const b = await rows<{ branch_id: number; code: string }>(t, sql`select branch_id, code from branches`);
  hq = b.find((x) => x.code === 'HQ')!.branch_id;
  bkn = b.find((x) => x.code === 'BKN')!.branch_id;
});
afterAll(async () => {
  await t?.close();
});

async function item(branchId: number, like: string) {
  const [r] = await rows<{ id: number }>(
    t,
    sql`select list_expenses_id as id from list_expenses where branch_id = ${branchId} and name like ${`%${like}%`} and not is_delete limit 1`,
  );
  return r!.id;
}
let plateN = 0;
async function newCar(extra: Record<string, unknown> = {}, user = 'somchai') {
  const c = await t.as(user);
  const r = await c.post('/api/vehicle/create', {
    no: `1กข ${1000 + ++plateN}`,
    province: 'กรุงเทพมหานคร',
    type: 'car',
    brand: 'Toyota',
    model: 'Vios',
    ...extra,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}
async function uploadBill(token: string, data: Buffer, filename = 'bill.png', type = 'image/png') {
  const { body, contentType } = multipart([{ name: 'file', filename, type, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/expenses/upload',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('vehicles', () => {
  it('create, get, update, table filters, list options; plate + province unique among live vehicles (Thai 409); soft delete audited', async () => {
    const somchai = await t.as('somchai');
    const v = await newCar({
      color: 'ขาว',
      insurance_type: 'ชั้น 1',
      noti_tax: addDays(today, 200),
      registration_date: '2020-01-15',
    });
    expect(v).toMatchObject({
      branch_id: hq,
      type: 'car',
      type_name: 'รถยนต์',
      status: 'active',
      status_name: 'ใช้งาน',
      color: 'ขาว',
      last_mile: null,
      needs_check: false,
    });
    const dup = await somchai.post('/api/vehicle/create', { no: v.no, province: 'กรุงเทพมหานคร', type: 'car' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain(`มีรถทะเบียน ${v.no} กรุงเทพมหานคร อยู่แล้ว`);
    // another province is another plate
    expect((await somchai.post('/api/vehicle/create', { no: v.no, province: 'เชียงใหม่', type: 'car' })).status).toBe(
      200,
    );
    const u = await somchai.put('/api/vehicle/update', {
      vehicle_id: v.vehicle_id,
      status: 'repair',
      note: 'เปลี่ยนคลัตช์',
    });
    expect(u.body.data).toMatchObject({ status: 'repair', status_name: 'ซ่อม', note: 'เปลี่ยนคลัตช์', no: v.no });
    const g = await somchai.get(`/api/vehicle/get/${v.vehicle_id}`);
    expect(g.body.data).toMatchObject({ vehicle_id: v.vehicle_id, branch: expect.any(String), odometer: [], fuel: [] });
    expect(g.body.data.due.map((d: any) => d.kind)).toEqual(['tax', 'compulsory', 'insurance']);
    const tb = await somchai.get('/api/vehicle/gettable', { status: 'repair', text: v.no });
    expect(tb.body.data.map((x: any) => x.vehicle_id)).toEqual([v.vehicle_id]);
    expect(tb.body.filter.status[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    expect(tb.body.filter.type).toEqual([
      { name: 'ทั้งหมด', value: 'ทั้งหมด' },
      { name: 'รถยนต์', value: 'car' },
      { name: 'รถจักรยานยนต์', value: 'motorcycle' },
    ]);
    expect((await somchai.get('/api/vehicle/gettable', { type: 'เรือ' })).body.message).toContain('ประเภท: ต้องเป็น');
    const list = await somchai.get('/api/vehicle/list');
    expect(list.body.data.branch[0]).toEqual([hq, expect.any(String)]);
    expect(list.body.data.status.map((s: any) => s.name)).toEqual(['ใช้งาน', 'ซ่อม', 'จำหน่าย']);
    const bad = await somchai.post('/api/vehicle/create', { no: '', province: 'x', type: 'car' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('เลขทะเบียน');
    // another branch's manager does not see or change it
    const anan = await t.as('anan');
    expect((await anan.get(`/api/vehicle/get/${v.vehicle_id}`)).status).toBe(403);
    expect((await anan.put('/api/vehicle/update', { vehicle_id: v.vehicle_id, note: 'x' })).status).toBe(403);
    expect(
      (await anan.get('/api/vehicle/gettable', { per_page: 100 })).body.data.every((x: any) => x.branch_id !== hq),
    ).toBe(true);
    const d = await somchai.del('/api/vehicle/delete', { vehicle_id: v.vehicle_id });
    expect(d.body.message).toBe('ลบรถเรียบร้อยแล้ว');
    expect((await somchai.get(`/api/vehicle/get/${v.vehicle_id}`)).status).toBe(404);
    const [row] = await rows(t, sql`select is_delete from vehicles where vehicle_id = ${v.vehicle_id}`);
    expect(row!.is_delete).toBe(true);
    const audits = await rows(
      t,
      sql`select action from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    // a deleted vehicle's plate may be used again
    expect(
      (await somchai.post('/api/vehicle/create', { no: v.no, province: 'กรุงเทพมหานคร', type: 'car' })).status,
    ).toBe(200);
  });
});

describe('fuel and the odometer', () => {
  it('a fuel fill needs its mileage, the odometer never goes back, and a full tank after a full tank gives km per litre', async () => {
    const somchai = await t.as('somchai');
    const v = await newCar();
    const fuel = await item(hq, 'น้ำมัน');
    const base = { list_expenses_id: fuel, vehicle_id: v.vehicle_id, pay_type: 'transfer' };
    const noMile = await somchai.post('/api/expenses/create', { ...base, date: addDays(today, -10), value: '1200' });
    expect(noMile.status).toBe(400);
    expect(noMile.body.message).toBe(`เลขไมล์: ต้องระบุเลขไมล์เมื่อเติมน้ำมันรถ ${v.no} กรุงเทพมหานคร`);
    const f1 = await somchai.post('/api/expenses/create', {
      ...base,
      date: addDays(today, -10),
      value: '1200',
      mile: 10000,
      liters: '40',
      is_full_tank: true,
    });
    expect(f1.status, f1.body.message).toBe(200);
    expect(f1.body.data).toMatchObject({
      mile: 10000,
      liters: '40',
      value: '1200',
      vehicle: `${v.no} กรุงเทพมหานคร`,
      km_per_liter: null,
      pay_type_name: 'โอนเงิน',
    });
    const back = await somchai.post('/api/expenses/create', {
      ...base,
      date: addDays(today, -5),
      value: '900',
      mile: 9990,
      liters: '30',
    });
    expect(back.status).toBe(400);
    expect(back.body.message).toMatch(
      /^เลขไมล์: ต้องไม่น้อยกว่าเลขไมล์ล่าสุดของรถ .* \(10,000 กม\. เมื่อ .*\) เลขไมล์ย้อนกลับไม่ได้$/,
    );
    // a fill dated before a later reading cannot pass it
    const past = await somchai.post('/api/expenses/create', {
      ...base,
      date: addDays(today, -20),
      value: '900',
      mile: 10100,
      liters: '30',
    });
    expect(past.body.message).toContain('ต้องไม่มากกว่าเลขไมล์ที่บันทึกไว้ภายหลัง');
    const f2 = await somchai.post('/api/expenses/create', {
      ...base,
      date: addDays(today, -3),
      value: '1500.50',
      mile: 10500,
      liters: '50',
      is_full_tank: true,
    });
    expect(f2.body.data.km_per_liter).toBe('10');
    const full = await somchai.post('/api/expenses/create', {
      ...base,
      date: addDays(today, -2),
      value: '100',
      mile: 10600,
      is_full_tank: true,
    });
    expect(full.body.message).toBe('จำนวนลิตร: ต้องระบุเมื่อเติมเต็มถัง เพื่อคำนวณอัตราสิ้นเปลือง');
    const g = await somchai.get(`/api/vehicle/get/${v.vehicle_id}`);
    expect(g.body.data).toMatchObject({ last_mile: 10500, km_per_liter: '10' });
    expect(g.body.data.odometer.map((o: any) => o.mile)).toEqual([10500, 10000]);
    expect(g.body.data.fuel[0]).toMatchObject({ mile: 10500, km_per_liter: '10', baht_per_km: '3' });
    // editing the later fill back below the first is refused; deleting it takes its reading away
    const edit = await somchai.put('/api/expenses/update', { expenses_id: f2.body.data.expenses_id, mile: 9000 });
    expect(edit.status).toBe(400);
    expect(
      (await somchai.put('/api/expenses/update', { expenses_id: f2.body.data.expenses_id, mile: 10400 })).body.data
        .km_per_liter,
    ).toBe('8');
    await somchai.del('/api/expenses/delete', { expenses_id: f2.body.data.expenses_id });
    expect((await somchai.get(`/api/vehicle/get/${v.vehicle_id}`)).body.data.last_mile).toBe(10000);
    expect(
      (
        await somchai.post('/api/expenses/create', {
          list_expenses_id: fuel,
          pay_type: 'cash',
          date: today,
          value: '10',
          mile: 5,
        })
      ).body.message,
    ).toBe('เลขไมล์: ต้องเลือกรถของค่าใช้จ่ายนี้ก่อน');
  });
});

describe('the odometer under concurrent fills', () => {
  it('fills sent at once are taken one at a time under the vehicle lock: the accepted readings never go back', async () => {
    const somchai = await t.as('somchai');
    const v = await newCar();
    const fuel = await item(hq, 'น้ำมัน');
    const miles = [1500, 1200, 1900, 1100, 1700, 1300, 2000, 1600];
    const res = await Promise.all(
      miles.map((mile) =>
        somchai.post('/api/expenses/create', {
          list_expenses_id: fuel,
          vehicle_id: v.vehicle_id,
          pay_type: 'transfer',
          date: today,
          value: '500',
          mile,
          liters: '10',
        }),
      ),
    );
    for (const r of res) expect([200, 400], r.body.message).toContain(r.status);
    expect(res.filter((r) => r.status === 400).every((r) => r.body.message.includes('เลขไมล์ย้อนกลับไม่ได้'))).toBe(true);
    const readings = await rows<{ mile: number }>(
      t,
      sql`select mile from vehicle_odometer where vehicle_id = ${v.vehicle_id} and not is_delete order by reading_id`,
    );
    expect(readings.length).toBe(res.filter((r) => r.status === 200).length);
    expect(readings.map((r) => r.mile)).toEqual([...readings.map((r) => r.mile)].sort((a, b) => a - b));
  });
});

describe('renewals', () => {
  it('a renewal moves the vehicle’s due date in the same transaction, and back when it is deleted', async () => {
    const somchai = await t.as('somchai');
    const oldDue = addDays(today, 10);
    const v = await newCar({ noti_compulsory: oldDue });
    const prb = await item(hq, 'พ.ร.บ.');
    const newDue = addDays(oldDue, 365);
    const body = {
      list_expenses_id: prb,
      vehicle_id: v.vehicle_id,
      pay_type: 'transfer',
      date: today,
      value: '645.21',
      renew_kind: 'compulsory',
    };
    expect((await somchai.post('/api/expenses/create', body)).body.message).toBe(
      'ต่ออายุถึง: ต้องระบุวันครบกำหนดใหม่ของการต่ออายุ',
    );
    const notForward = await somchai.post('/api/expenses/create', { ...body, renew_until: addDays(oldDue, -1) });
    expect(notForward.status).toBe(400);
    expect(notForward.body.message).toContain('ต่ออายุถึง: ต้องหลังวันครบกำหนดพ.ร.บ.เดิม');
    // the vehicle's date and the expense are written together or not at all: a bad attachment after the move undoes it
    const broken = await somchai.post('/api/expenses/create', { ...body, renew_until: newDue, files: [randomUUID()] });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('ไฟล์แนบ: ไม่พบไฟล์นี้ กรุณาอัปโหลดใหม่');
    expect((await somchai.get(`/api/vehicle/get/${v.vehicle_id}`)).body.data.noti_compulsory).toBe(oldDue);
    const ok = await somchai.post('/api/expenses/create', { ...body, renew_until: newDue });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ renew_kind: 'compulsory', renew_until: newDue, value: '645.21' });
    expect((await somchai.get(`/api/vehicle/get/${v.vehicle_id}`)).body.data.noti_compulsory).toBe(newDue);
    const [e] = await rows(t, sql`select renew_prev from expenses where expenses_id = ${ok.body.data.expenses_id}`);
    expect(e!.renew_prev).toBe(oldDue);
    await somchai.del('/api/expenses/delete', { expenses_id: ok.body.data.expenses_id });
    expect((await somchai.get(`/api/vehicle/get/${v.vehicle_id}`)).body.data.noti_compulsory).toBe(oldDue);
    const audits = await rows(
      t,
      sql`select action from audit_log where entity = 'vehicle' and entity_id = ${String(v.vehicle_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'renew', 'renew-undo']);
  });
});

describe('money, closed days, scope', () => {
  it('money must be more than 0; a cash expense of a closed day is refused (create, update, delete); a transfer is not', async () => {
    const somchai = await t.as('somchai');
    const admin = await t.as('admin');
    const elec = await item(hq, 'ค่าไฟฟ้า');
    const zero = await somchai.post('/api/expenses/create', {
      list_expenses_id: elec,
      pay_type: 'cash',
      date: today,
      value: '0',
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('จำนวนเงิน: ต้องมากกว่า 0 บาท');
    expect(
      (
        await somchai.post('/api/expenses/create', {
          list_expenses_id: elec,
          pay_type: 'cash',
          date: today,
          value: '-5',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await somchai.post('/api/expenses/create', {
          list_expenses_id: elec,
          pay_type: 'cash',
          date: addDays(today, 1),
          value: '5',
        })
      ).body.message,
    ).toBe('วันที่: ต้องไม่เป็นวันในอนาคต');
    const day = addDays(today, -30);
    const before = await somchai.post('/api/expenses/create', {
      list_expenses_id: elec,
      pay_type: 'cash',
      date: day,
      value: '3450.75',
      detail: 'ค่าไฟเดือนก่อน',
    });
    expect(before.status).toBe(200);
    expect((await admin.post('/api/cash-close/close', { branch_id: hq, date: day })).status).toBe(200);
    const closed = await somchai.post('/api/expenses/create', {
      list_expenses_id: elec,
      pay_type: 'cash',
      date: day,
      value: '100',
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/^ปิดยอดประจำวันที่ .* ของสาขานี้แล้ว จึงบันทึก แก้ไข หรือลบค่าใช้จ่ายเงินสดของวันนั้นไม่ได้/);
    expect(
      (await somchai.put('/api/expenses/update', { expenses_id: before.body.data.expenses_id, value: '1' })).status,
    ).toBe(409);
    expect((await somchai.del('/api/expenses/delete', { expenses_id: before.body.data.expenses_id })).status).toBe(409);
    // moving a transfer of another day onto the closed day as cash is refused too
    const tr = await somchai.post('/api/expenses/create', {
      list_expenses_id: elec,
      pay_type: 'transfer',
      date: day,
      value: '100',
    });
    expect(tr.status).toBe(200);
    expect(
      (await somchai.put('/api/expenses/update', { expenses_id: tr.body.data.expenses_id, pay_type: 'cash' })).status,
    ).toBe(409);
    expect(
      (await somchai.put('/api/expenses/update', { expenses_id: tr.body.data.expenses_id, value: '120.50' })).body.data
        .value,
    ).toBe('120.50');
    const del = await somchai.del('/api/expenses/delete', { expenses_id: tr.body.data.expenses_id });
    expect(del.body.message).toBe('ลบรายการค่าใช้จ่ายเรียบร้อยแล้ว');
    expect((await somchai.get(`/api/expenses/get/${tr.body.data.expenses_id}`)).status).toBe(404);
    const audits = await rows(
      t,
      sql`select action from audit_log where entity = 'expenses' and entity_id = ${String(tr.body.data.expenses_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('branch scope: another branch’s item, vehicle or expense is refused', async () => {
    const anan = await t.as('anan');
    const somchai = await t.as('somchai');
    const v = await newCar();
    const hqFuel = await item(hq, 'น้ำมัน');
    const bknFuel = await item(bkn, 'น้ำมัน');
    expect(
      (await anan.post('/api/expenses/create', { list_expenses_id: hqFuel, pay_type: 'cash', date: today, value: '5' }))
        .body.message,
    ).toContain('ไม่ใช่รายการของสาขานี้');
    expect(
      (
        await anan.post('/api/expenses/create', {
          list_expenses_id: bknFuel,
          vehicle_id: v.vehicle_id,
          mile: 1,
          pay_type: 'cash',
          date: today,
          value: '5',
        })
      ).status,
    ).toBe(403);
    const mine = await somchai.post('/api/expenses/create', {
      list_expenses_id: hqFuel,
      vehicle_id: v.vehicle_id,
      mile: 50,
      liters: '10',
      pay_type: 'cash',
      date: today,
      value: '350',
    });
    expect((await anan.get(`/api/expenses/get/${mine.body.data.expenses_id}`)).status).toBe(403);
    expect((await anan.del('/api/expenses/delete', { expenses_id: mine.body.data.expenses_id })).status).toBe(403);
    const crossed = await somchai.post('/api/expenses/create', {
      branch_id: bkn,
      list_expenses_id: bknFuel,
      vehicle_id: v.vehicle_id,
      mile: 60,
      pay_type: 'cash',
      date: today,
      value: '5',
    });
    expect(crossed.body.message).toBe('รถ: รถคันนี้อยู่สาขาอื่น กรุณาบันทึกค่าใช้จ่ายที่สาขาของรถ');
  });
});

describe('attachments', () => {
  it('photos and PDFs of the bill, several per expense; other types and oversized files are refused', async () => {
    const somchai = await t.as('somchai');
    const png = await uploadBill(somchai.token, PNG);
    expect(png.status, png.body.message).toBe(200);
    expect(png.body.data).toMatchObject({ mime: 'image/png', file_type: 'image' });
    const pdf = await uploadBill(somchai.token, PDF, 'bill.pdf', 'application/pdf');
    expect(pdf.body.data).toMatchObject({ mime: 'application/pdf', file_type: 'pdf' });
    const gif = await uploadBill(somchai.token, GIF, 'x.png');
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe('ไฟล์แนบ: รองรับเฉพาะรูปภาพ JPEG, PNG หรือไฟล์ PDF');
    const big = await uploadBill(
      somchai.token,
      Buffer.concat([PDF, Buffer.alloc(t.config.uploadMaxBytes + 10)]),
      'big.pdf',
      'application/pdf',
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^ไฟล์แนบมีขนาดใหญ่เกิน/);
    const v = await newCar();
    const repair = await item(hq, 'ค่าไฟฟ้า');
    const e = await somchai.post('/api/expenses/create', {
      list_expenses_id: repair,
      pay_type: 'transfer',
      date: today,
      value: '2500',
      files: [png.body.data.file_id, pdf.body.data.file_id],
      vehicle_id: v.vehicle_id,
    });
    expect(e.status, e.body.message).toBe(200);
    expect(e.body.data.files.map((f: any) => f.file_type)).toEqual(['image', 'pdf']);
    expect(e.body.data).toMatchObject({ file: png.body.data.file_id, file_type: 'image' });
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf.body.data.file_id}`,
      headers: { authorization: `Bearer ${somchai.token}` },
    });
    expect(got.headers['content-type']).toContain('application/pdf');
    // another branch cannot read the bill
    const anan = await t.as('anan');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${pdf.body.data.file_id}`,
          headers: { authorization: `Bearer ${anan.token}` },
        })
      ).statusCode,
    ).toBe(403);
    const u = await somchai.put('/api/expenses/update', {
      expenses_id: e.body.data.expenses_id,
      files: [pdf.body.data.file_id],
    });
    expect(u.body.data.files.map((f: any) => f.file_id)).toEqual([pdf.body.data.file_id]);
    // nor attach it to its own expense
    const bknItem = await item(bkn, 'ค่าไฟฟ้า');
    expect(
      (
        await anan.post('/api/expenses/create', {
          list_expenses_id: bknItem,
          pay_type: 'transfer',
          date: today,
          value: '5',
          files: [png.body.data.file_id],
        })
      ).status,
    ).toBe(403);
  });
});

describe('options and tables', () => {
  it('expenses/list, list-category, employee, vehicle, vehicle-all; vehicle/expenses/gettable filters', async () => {
    const somchai = await t.as('somchai');
    const anan = await t.as('anan');
    const items = (await somchai.get('/api/expenses/list', { branch: hq })).body.data;
    expect(items.find((i: any) => i.name.includes('น้ำมัน'))).toMatchObject({
      is_fuel: true,
      renew_kind: null,
      category: 'น้ำมันเชื้อเพลิง / น้ำมันรถฝึก',
    });
    expect(items.find((i: any) => i.name.includes('พ.ร.บ.'))).toMatchObject({
      is_fuel: false,
      renew_kind: 'compulsory',
    });
    const cats = (await somchai.get('/api/expenses/list-category', { branch: hq })).body.data;
    expect(cats.find((c: any) => c.name === 'น้ำมันเชื้อเพลิง / น้ำมันรถฝึก').list.length).toBeGreaterThan(0);
    expect((await anan.get('/api/expenses/list', { branch: hq })).status).toBe(403);
    const emp = (await anan.get('/api/expenses/employee')).body.data;
    expect(emp.every((e: any) => e.branch_id === bkn)).toBe(true);
    expect(emp[0]).toMatchObject({ name: expect.any(String), value: expect.any(Number) });
    await newCar({}, 'anan');
    const own = (await anan.get('/api/expenses/vehicle')).body.data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((v: any) => v.branch_id === bkn)).toBe(true);
    const all = (await somchai.get('/api/expenses/vehicle-all')).body.data;
    expect(new Set(all.map((v: any) => v.branch_id)).size).toBeGreaterThan(1);
    const hqOnly = (await somchai.get('/api/expenses/vehicle')).body.data;
    expect(hqOnly.every((v: any) => v.branch_id === hq)).toBe(true);
    const tb = await somchai.get('/api/vehicle/expenses/gettable', { branch: hq, per_page: 100 });
    expect(tb.status, tb.body.message).toBe(200);
    expect(tb.body.data.length).toBeGreaterThan(0);
    expect(tb.body.data.every((e: any) => e.vehicle_id !== null && e.branch_id === hq)).toBe(true);
    expect(tb.body.filter.list_expenses[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    expect(tb.body.totals.value).toMatch(/^\d+(\.\d\d)?$/);
    const fuel = await item(hq, 'น้ำมัน');
    const only = await somchai.get('/api/vehicle/expenses/gettable', { list_expenses: fuel, per_page: 100 });
    expect(only.body.data.every((e: any) => e.list_expenses_id === fuel)).toBe(true);
    // the item filter offers what was recorded for a vehicle, not the office's items (an electricity bill)
    const offered = tb.body.filter.list_expenses.slice(1);
    expect(offered.map((o: any) => o.value)).toContain(fuel);
    for (const o of offered) {
      const one = await somchai.get('/api/vehicle/expenses/gettable', { branch: hq, list_expenses: o.value });
      expect(one.body.meta.total, o.name).toBeGreaterThan(0);
    }
    const [office] = await rows<{ id: number }>(
      t,
      sql`insert into list_expenses (branch_id, name, category_id) select ${hq}, 'ค่าเช่าอาคารสำนักงาน', category_id from expense_categories where name = 'ค่าเช่าอาคาร' returning list_expenses_id as id`,
    );
    await t.db.execute(
      sql`insert into expenses (branch_id, list_expenses_id, date, pay_type, value, created_by) values (${hq}, ${office!.id}, ${today}, 'transfer', 15000, 1)`,
    );
    const after = await somchai.get('/api/vehicle/expenses/gettable', { branch: hq });
    expect(after.body.filter.list_expenses.map((o: any) => o.value)).not.toContain(office!.id);
    expect(after.body.filter.list_expenses.length).toBe(offered.length + 1);
    expect((await anan.get('/api/vehicle/expenses/gettable', { branch: hq })).status).toBe(403);
  });
});

describe('reminders and rules', () => {
  it('lists dates due within the configured days or overdue, with the late-tax surcharge and the ตรอ. of an old car', async () => {
    const somchai = await t.as('somchai');
    const old = await newCar({
      registration_date: '2015-03-01',
      noti_tax: addDays(today, -40),
      noti_compulsory: addDays(today, 200),
      noti_insurance: addDays(today, 400),
    });
    const later = await newCar({ noti_tax: addDays(today, 60), noti_insurance: addDays(today, 20) });
    const tax = await item(hq, 'ค่าไฟฟ้า');
    // a tax paid earlier gives the surcharge its base (a renewal recorded in the past)
    await t.db
      .execute(sql`insert into expenses (branch_id, list_expenses_id, date, vehicle_id, pay_type, value, created_by, renew_kind, renew_until)
      values (${hq}, ${tax}, ${addDays(today, -400)}, ${old.vehicle_id}, 'cash', 1600, 1, 'tax', ${addDays(today, -40)})`);
    const r = (await somchai.get('/api/vehicle/reminders')).body.data;
    const mine = r.filter((x: any) => x.vehicle_id === old.vehicle_id);
    expect(mine.map((x: any) => x.kind)).toEqual(['tax', 'check']);
    expect(mine[0]).toMatchObject({
      overdue: true,
      surcharge_months: 2,
      surcharge_rate: '1',
      surcharge_estimate: '32',
      needs_check: true,
    });
    expect(mine[0].note).toContain('ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี');
    expect(mine[1]).toMatchObject({ kind_name: 'ตรวจสภาพรถ (ตรอ.)', due: addDays(today, -40) }); // an old car with no ตรอ. date needs it with its tax
    expect(r.filter((x: any) => x.vehicle_id === later.vehicle_id).map((x: any) => x.kind)).toEqual(['insurance']);
    const count = (await somchai.get('/api/vehicle/reminders/count')).body.data;
    expect(count.total).toBe(r.length);
    expect(count.overdue).toBeGreaterThanOrEqual(1);
    // the configured days come from the dated rules: 90 days brings the later tax in
    const rules = await somchai.put('/api/vehicle/rules/update', {
      effective_from: today,
      remind_days: 90,
      tax_late_rate: '1',
      tax_early_days: 90,
      car_check_age: 7,
      motorcycle_check_age: 5,
    });
    expect(rules.status, rules.body.message).toBe(200);
    expect(rules.body.data.current.remind_days).toBe(90);
    expect(
      (await somchai.get('/api/vehicle/reminders')).body.data
        .filter((x: any) => x.vehicle_id === later.vehicle_id)
        .map((x: any) => x.kind),
    ).toEqual(['insurance', 'tax']);
    const anan = await t.as('anan');
    const refused = await anan.put('/api/vehicle/rules/update', {
      effective_from: today,
      remind_days: 5,
      tax_late_rate: '1',
      tax_early_days: 90,
      car_check_age: 7,
      motorcycle_check_age: 5,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('แก้ไขได้เฉพาะสำนักงานใหญ่');
    expect((await anan.get('/api/vehicle/reminders')).body.data.every((x: any) => x.branch_id !== hq)).toBe(true);
    await somchai.put('/api/vehicle/rules/update', {
      effective_from: today,
      remind_days: 30,
      tax_late_rate: '1',
      tax_early_days: 90,
      car_check_age: 7,
      motorcycle_check_age: 5,
    });
  });
});
