import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { PNG, rows, upload } from './fixtures.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
});

const SEEDED = {
  name: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย',
  name_en: 'Khabkhi Safe Driving School',
  tax_id: '0105562012345',
  phone: '02-398-1234',
  vat_mode: 'exempt',
  promptpay_id: '0105562012345',
  logo: null,
  card_agent_port: 8189,
};
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สาขาใหญ่',
  name_en: 'Khabkhi Driving School',
  tax_id: '0994000165510',
  address: '1 ถนนพหลโยธิน กรุงเทพมหานคร 10400',
  phone: '02-111-2222',
  vat_mode: 'vat7',
  promptpay_id: '0812345678',
  card_agent_port: 9100,
  ...over,
});

describe('school settings', () => {
  it('every signed-in user reads them; nobody else', async () => {
    for (const u of ['admin', 'malee', 'suda', 'prasert', 'wanida']) {
      const r = await (await t.as(u)).get('/api/settings/get');
      expect(r.status, u).toBe(200);
      expect(r.body.data, u).toMatchObject(SEEDED);
    }
    expect((await t.call('GET', '/api/settings/get')).status).toBe(401);
  });

  it('only a role that manages settings may update; refused attempts change nothing and write no audit', async () => {
    const audits = await rows(t, sql`select count(*)::int as n from audit_log where entity = 'settings'`);
    for (const u of ['somchai', 'malee', 'prasert', 'wanida', 'anan', 'suda']) {
      const r = await (await t.as(u)).put('/api/settings/update', valid({ name: `ของ ${u}` }));
      expect(r.status, u).toBe(403);
      expect(r.body).toEqual({ status: 'error', message: 'คุณไม่มีสิทธิ์ทำรายการนี้', data: null });
    }
    expect((await admin.get('/api/settings/get')).body.data).toMatchObject(SEEDED);
    expect(await rows(t, sql`select count(*)::int as n from audit_log where entity = 'settings'`)).toEqual(audits);
  });

  it('the owner updates name, tax ID, VAT mode, PromptPay ID and card-agent port; the change is audited', async () => {
    const r = await admin.put('/api/settings/update', valid());
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('บันทึกการตั้งค่าเรียบร้อยแล้ว');
    expect(r.body.data).toMatchObject(valid());
    expect((await (await t.as('suda')).get('/api/settings/get')).body.data).toMatchObject(valid());
    const [a] = await rows(
      t,
      sql`select a.*, u.username as who from audit_log a left join users u using (user_id) where entity = 'settings' order by a.id desc limit 1`,
    );
    expect(a).toMatchObject({
      who: 'admin',
      entity_id: '1',
      action: 'update',
      before: { name: SEEDED.name, vat_mode: 'exempt', card_agent_port: 8189, promptpay_id: SEEDED.promptpay_id },
      after: { name: valid().name, vat_mode: 'vat7', card_agent_port: 9100, promptpay_id: '0812345678' },
    });
    // an empty tax ID and PromptPay ID are allowed (a school that has none yet); a 13-digit PromptPay (tax ID) too
    const blank = await admin.put('/api/settings/update', valid({ tax_id: '', promptpay_id: '', vat_mode: 'exempt' }));
    expect(blank.status, blank.body.message).toBe(200);
    expect(blank.body.data).toMatchObject({ tax_id: '', promptpay_id: '', vat_mode: 'exempt' });
    expect((await admin.put('/api/settings/update', valid({ promptpay_id: '0994000165510' }))).status).toBe(200);
  });

  it('refuses bad values with a Thai message naming the field, and keeps the old values', async () => {
    const before = (await admin.get('/api/settings/get')).body.data;
    const cases: [Record<string, unknown>, string][] = [
      [valid({ tax_id: '010556201234' }), 'เลขประจำตัวผู้เสียภาษี: รูปแบบไม่ถูกต้อง'],
      [valid({ tax_id: '01055620123456' }), 'เลขประจำตัวผู้เสียภาษี: รูปแบบไม่ถูกต้อง'],
      [valid({ tax_id: '0-1055-62012-34-5' }), 'เลขประจำตัวผู้เสียภาษี: รูปแบบไม่ถูกต้อง'],
      [valid({ vat_mode: 'vat10' }), 'การคิดภาษีมูลค่าเพิ่ม: ต้องเป็นค่าใดค่าหนึ่งใน: exempt, vat7'],
      [valid({ promptpay_id: '12345' }), 'พร้อมเพย์: รูปแบบไม่ถูกต้อง'],
      [valid({ promptpay_id: '1812345678' }), 'พร้อมเพย์: รูปแบบไม่ถูกต้อง'],
      [valid({ card_agent_port: 80 }), 'พอร์ตโปรแกรมอ่านบัตร: ต้องไม่น้อยกว่า 1024'],
      [valid({ card_agent_port: 70000 }), 'พอร์ตโปรแกรมอ่านบัตร: ต้องไม่เกิน 65535'],
      [valid({ card_agent_port: '9100' }), 'พอร์ตโปรแกรมอ่านบัตร: ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็นจำนวนเต็ม)'],
      [valid({ name: '' }), 'ชื่อ: ต้องระบุ'],
      [valid({ name: 'ก'.repeat(201) }), 'ชื่อ: ยาวเกิน 200 ตัวอักษร'],
      [{ ...valid(), name: undefined }, 'ชื่อ: ต้องระบุ'],
      [valid({ vat: true }), 'ช่องข้อมูล "vat": ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก'],
      [valid({ logo: 'not-a-uuid' }), 'โลโก้: รูปแบบไม่ถูกต้อง'],
      [valid({ logo: '00000000-0000-4000-8000-000000000000' }), 'โลโก้: ไม่พบไฟล์โลโก้นี้ กรุณาอัปโหลดใหม่'],
    ];
    for (const [body, message] of cases) {
      const r = await admin.put('/api/settings/update', JSON.parse(JSON.stringify(body)));
      expect({ status: r.status, message: r.body.message }, JSON.stringify(body).slice(0, 80)).toEqual({
        status: 400,
        message: expect.stringContaining(message),
      });
    }
    expect((await admin.get('/api/settings/get')).body.data).toEqual(before);
  });

  it('a logo must be an uploaded logo (not an employee photo)', async () => {
    const photo = (await upload(t, admin.token, PNG)).body.data.file_id;
    const asPhoto = await admin.put('/api/settings/update', valid({ logo: photo }));
    expect(asPhoto.status).toBe(400);
    expect(asPhoto.body.message).toBe('โลโก้: ไม่พบไฟล์โลโก้นี้ กรุณาอัปโหลดใหม่');
    const logo = (await upload(t, admin.token, PNG, { kind: 'logo' })).body.data.file_id;
    const ok = await admin.put('/api/settings/update', valid({ logo }));
    expect(ok.status, ok.body.message).toBe(200);
    expect((await (await t.as('suda')).get('/api/settings/get')).body.data.logo).toBe(logo);
    const cleared = await admin.put('/api/settings/update', valid({ logo: null }));
    expect(cleared.body.data.logo).toBeNull();
  });
});
