/**
 * Money and documents must be exact: what the counter shows is what is recorded and printed.
 * A promotion is applied only as shown; receipts add up; a closed day is closed (race-safe, reopen audited,
 * a new report version); a refunded application owes nothing and prints no QR; one original per receipt;
 * a transfer keeps its bank, time and slip reference; requests open on รออนุมัติ.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { courses } from '../../src/db/schema/catalog.js';
import type { TestApp } from '../helpers.js';
import { counts, customer, identityViolations, moneySuite, type Catalog } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
const out = path.resolve(__dirname, '../../../../test-results/documents');
beforeAll(() => {
  ({ t, cat } = suite);
  fs.mkdirSync(out, { recursive: true });
});

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const squash = (s: string) => s.replace(/\s+/g, '');

async function pdfText(link: string, name: string) {
  const r = await t.app.inject({ method: 'GET', url: link });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  const file = path.join(out, `${name}.pdf`);
  fs.writeFileSync(file, r.rawPayload);
  execFileSync('pdftoppm', ['-r', '70', '-png', '-singlefile', file, path.join(out, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').normalize('NFC');
}

describe('a promotion code is applied only as the cashier sees it', () => {
  it('a code sent without the discount the form showed is refused; a different discount is refused; nothing is written', async () => {
    const malee = await t.as('malee');
    const before = await counts(t.db);
    const unchecked = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.pct10 }],
      other_fees: [],
    });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.message).toMatch(/ยังไม่ได้ตรวจรหัสส่วนลด/);
    const shownZero = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.pct10, discount: '0' }],
      other_fees: [],
    });
    expect(shownZero.status).toBe(400);
    expect(shownZero.body.message).toMatch(/ส่วนลดคือ 650 บาท ไม่ตรงกับที่แสดงบนหน้าจอ \(0 บาท\)/);
    const noCode = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, discount: '650' }],
      other_fees: [],
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toMatch(/ส่วนลดต้องมาจากรหัสส่วนลด/);
    expect(await counts(t.db)).toEqual(before);
    const ok = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.pct10, discount: '650' }],
      other_fees: [],
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.application).toMatchObject({ total: '6500', discount: '650', net: '5850' });
  });
});

describe('a receipt adds up', () => {
  it('each line prints its price and discount: lines → ยอดรวม → ส่วนลด → ยอดสุทธิ; the refund slip and the form owe nothing and print no QR', async () => {
    const malee = await t.as('malee');
    await t.db.execute(sql`update school_settings set promptpay_id = '0105562012345' where id = 1`);
    const r = await malee.post('/api/application/create', {
      customer: customer({ fname: 'บวกเลข', sname: 'ถูกต้อง' }),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.fixed500, discount: '500' }],
      other_fees: [{ other_fee_id: cat.rent }],
      payment: { paid: '3450', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    const receipt = squash(await pdfText(r.body.data.pdf, 'counter-receipt'));
    // car 6,500 − 500 = 6,000; rent 500; ยอดรวม 7,000, ส่วนลด 500, ยอดสุทธิ 6,500
    expect(receipt).toMatch(/ราคาส่วนลดจำนวนเงิน\(บาท\)/);
    expect(receipt).toContain('6,500.00500.006,000.00');
    expect(receipt).toContain('500.00-500.00');
    expect(receipt).toContain(squash('ยอดรวม 7,000.00'));
    expect(receipt).toContain(squash('หัก ส่วนลด 500.00'));
    expect(receipt).toContain(squash('ยอดสุทธิ 6,500.00'));
    expect(receipt).toContain(squash('ยอดคงเหลือ 3,050.00'));

    const id = r.body.data.application.application_id;
    const form = await malee.post('/api/application/pdf', { application_id: id });
    const before = squash(await pdfText(form.body.data.pdf, 'counter-form-owing'));
    expect(before).toContain(squash('สแกนเพื่อชำระยอดคงเหลือ'));

    const somchai = await t.as('somchai');
    const refund = await somchai.post('/api/application/refund', {
      application_id: id,
      note: 'ผู้เรียนย้ายที่ทำงาน',
      value: '1000',
      pay_type: 'cash',
    });
    expect(refund.status, refund.body.message).toBe(200);
    expect(refund.body.data.application).toMatchObject({
      paid: '2450',
      refunded: '1000',
      balance: '4050',
      due: '0',
      status: 'คืนเงินบางส่วน',
    });
    expect(refund.body.data.application.closed_reason).toMatch(/คืนเงินแล้ว/);
    const slip = squash(await pdfText(refund.body.data.pdf, 'counter-refund-slip'));
    expect(slip).toContain(squash('ชำระไว้ก่อนคืนเงิน 3,450.00'));
    expect(slip).toContain(squash('จำนวนเงินที่คืน 1,000.00'));
    expect(slip).toContain(squash('ยอดชำระสุทธิหลังคืนเงิน 2,450.00'));
    expect(slip).toContain(squash('ยอดค้างชำระ 0.00'));
    expect(slip).not.toContain(squash('ยอดคงเหลือ 3,050.00'));

    const after = squash(
      await pdfText(
        (await malee.post('/api/application/pdf', { application_id: id })).body.data.pdf,
        'counter-form-refunded',
      ),
    );
    expect(after).not.toContain(squash('สแกนเพื่อชำระ'));
    expect(after).toContain(squash('รับชำระ 3,450.00'));
    expect(after).toContain(squash('หัก คืนเงิน 1,000.00'));
    expect(after).toContain(squash('ชำระสุทธิ 2,450.00'));
    expect(after).toContain(squash('ยอดค้างชำระ 0.00'));
    const more = await malee.post('/api/application/paybalance', { application_id: id, paid: '100', pay_type: 'cash' });
    expect(more.status).toBe(400);
    // the lists say the same: the row owes 0, and the owed total leaves out what a refunded application will not be charged
    const row = (await malee.get('/api/application/gettable', { text: 'บวกเลข' })).body;
    expect(row.data[0]).toMatchObject({ balance: '4050', due: '0', status: 'คืนเงินบางส่วน' });
    expect(row.totals.balance).toBe('0');
    const owing = await malee.get('/api/application/getforoutstandingBalance', { status: 'ทั้งหมด' });
    const [{ owed }] = rowsOf<{ owed: string }>(
      await t.db.execute(sql`select coalesce(sum(balance), 0)::numeric(14,2)::text as owed from applications
      where kind = 'course' and branch_id in (${cat.hq}) and status = 'ค้างชำระ'`),
    ) as [{ owed: string }];
    expect(Number(owing.body.totals.balance)).toBe(Number(owed));
  });

  it('a request-fee form prices only its request fees and names the registration for reference', async () => {
    const malee = await t.as('malee');
    const reg = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    const rq = await malee.post('/api/applicationrequest/create', {
      application_id: reg.body.data.application.application_id,
      request_fees: [{ request_fee_id: cat.requestFee }],
    });
    expect(rq.status, rq.body.message).toBe(200);
    const text = squash(await pdfText(rq.body.data.application_pdf, 'counter-request-form'));
    expect(text).toContain(squash(`คำร้องของใบสมัคร ${reg.body.data.application.application_code}`));
    expect(text).not.toContain('6,500.00');
    expect(text).toContain(squash('ยอดสุทธิ 200.00'));
  });
});

describe('one original per payment', () => {
  it('two prints at once give one ต้นฉบับ and one สำเนา; every later print of the same link is สำเนา', async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.moto }],
      other_fees: [],
      payment: { paid: '1000', pay_type: 'cash' },
    });
    const [a, b] = await Promise.all([
      pdfText(r.body.data.pdf, 'counter-tab-a'),
      pdfText(r.body.data.pdf, 'counter-tab-b'),
    ]);
    const marks = [a, b]
      .map((x) => (squash(x).includes('ต้นฉบับ') ? 'ต้นฉบับ' : squash(x).includes('สำเนา') ? 'สำเนา' : '?'))
      .sort();
    expect(marks).toEqual(['ต้นฉบับ', 'สำเนา']);
    expect(squash(await pdfText(r.body.data.pdf, 'counter-tab-c'))).toContain('สำเนา');
    const [row] = rowsOf<{ print_count: number; stored: boolean }>(
      await t.db.execute(
        sql`select print_count, pdf is not null as stored from receipts where payment_id = ${r.body.data.payment_id}`,
      ),
    );
    expect(row).toEqual({ print_count: 3, stored: true });
  });
});

describe('a transfer is recorded as a transfer', () => {
  it('keeps the bank, time and slip reference; the history, the receipt and the cash close show them', async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.moto }],
      other_fees: [],
    });
    const id = r.body.data.application.application_id;
    const bad = await malee.post('/api/application/paybalance', {
      application_id: id,
      paid: '500',
      pay_type: 'transfer',
      transfer_bank: 'ธนาคารในฝัน',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ธนาคาร/);
    const future = await malee.post('/api/application/paybalance', {
      application_id: id,
      paid: '500',
      pay_type: 'transfer',
      transfer_bank: 'กสิกรไทย',
      transfer_at: '2099-01-01T00:00:00Z',
    });
    expect(future.status).toBe(400);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const p = await malee.post(
      '/api/application/paybalance',
      {
        application_id: id,
        paid: '500',
        pay_type: 'transfer',
        transfer_bank: 'กสิกรไทย',
        transfer_at: at,
        transfer_ref: 'KB123456789',
      },
      { 'Idempotency-Key': 'transfer-key-0001' },
    );
    expect(p.status, p.body.message).toBe(200);
    expect(p.body.data.payment).toMatchObject({
      pay_type: 'transfer',
      transfer_bank: 'กสิกรไทย',
      transfer_at: at,
      transfer_ref: 'KB123456789',
    });
    const again = await malee.post(
      '/api/application/paybalance',
      {
        application_id: id,
        paid: '500',
        pay_type: 'transfer',
        transfer_bank: 'กสิกรไทย',
        transfer_at: at,
        transfer_ref: 'KB123456789',
      },
      { 'Idempotency-Key': 'transfer-key-0001' },
    );
    expect(again.body.data.payment.payment_id).toBe(p.body.data.payment.payment_id);
    const history = await malee.get('/api/payment/gettable', { text: p.body.data.payment.payment_code });
    expect(history.body.data[0].transfer_detail).toMatch(/^ธนาคารกสิกรไทย · โอนเมื่อ .+ · เลขอ้างอิง KB123456789$/);
    expect(squash(await pdfText(p.body.data.pdf, 'counter-transfer-receipt'))).toContain(squash('ธนาคาร กสิกรไทย'));
    const day = await (await t.as('somchai')).get('/api/cash-close/get', { branch: cat.hq, date: todayBangkok() });
    expect(
      day.body.data.transfers.find(
        (x: { payment_code: string }) => x.payment_code === p.body.data.payment.payment_code,
      ),
    ).toMatchObject({ bank: 'กสิกรไทย', ref: 'KB123456789', amount: '500' });
  });
});

describe('requests open on what needs doing', () => {
  it('the list defaults to รออนุมัติ; the menu count is what this user may approve; a payment shows its pending void', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.moto }],
      other_fees: [],
      payment: { paid: '300', pay_type: 'cash' },
    });
    const pid = r.body.data.payment_id;
    const countBefore = (await somchai.get('/api/request/pending-count')).body.data.pending;
    const req = await malee.post('/api/payment/request-delete', { payment_id: pid, note: 'พิมพ์ผิด' });
    expect(req.status).toBe(200);
    expect((await somchai.get('/api/request/pending-count')).body.data.pending).toBe(countBefore + 1);
    expect((await malee.get('/api/request/pending-count')).body.data.pending).toBe(0);
    const detail = await malee.get(`/api/application/get/${r.body.data.application.application_id}`);
    expect(detail.body.data.payments[0].pending_void).toBe(true);
    const list = await somchai.get('/api/request/gettable');
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    await somchai.post('/api/request/approve', { request_id: req.body.data.request_id, approve: false });
    expect(
      (await somchai.get('/api/request/gettable')).body.data.some(
        (x: { request_id: number }) => x.request_id === req.body.data.request_id,
      ),
    ).toBe(false);
    expect(
      (await somchai.get('/api/request/gettable', { status: 'ทั้งหมด' })).body.data.some(
        (x: { request_id: number }) => x.request_id === req.body.data.request_id,
      ),
    ).toBe(true);
  });
});

describe('a closed day is closed', () => {
  it('after the close, payments, refunds and voids of that day are refused in Thai; a reopen needs a manager and a reason; the next close is version 2', async () => {
    const suda = await t.as('suda');
    const anan = await t.as('anan');
    const today = todayBangkok();
    const r = await suda.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.bknCar }],
      other_fees: [],
      payment: { paid: '1000', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    const id = r.body.data.application.application_id;
    const voidReq = await suda.post('/api/payment/request-delete', {
      payment_id: r.body.data.payment_id,
      note: 'รับเงินซ้ำ',
    });
    expect((await suda.post('/api/cash-close/close', { branch_id: cat.bkn, date: today })).status).toBe(403);
    const close = await anan.post('/api/cash-close/close', { branch_id: cat.bkn, date: today });
    expect(close.status, close.body.message).toBe(200);
    expect(close.body.data).toMatchObject({ version: 1, totals: { cash_in: '1000' } });

    const before = await counts(t.db);
    const pay = await suda.post('/api/application/paybalance', { application_id: id, paid: '500', pay_type: 'cash' });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/^ปิดยอดประจำวันที่ .+ ของสาขานี้แล้ว/);
    const create = await suda.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.bknCar }],
      other_fees: [],
      payment: { paid: '100', pay_type: 'cash' },
    });
    expect(create.status).toBe(409);
    const refund = await anan.post('/api/application/refund', {
      application_id: id,
      note: 'ทดสอบคืนเงิน',
      value: '100',
      pay_type: 'cash',
    });
    expect(refund.status).toBe(409);
    const approve = await anan.post('/api/request/approve', {
      request_id: voidReq.body.data.request_id,
      approve: true,
    });
    expect(approve.status).toBe(409);
    expect(await counts(t.db)).toEqual(before);
    // registering without money is not a money entry of the day
    expect(
      (
        await suda.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: cat.bknCar }],
          other_fees: [],
        })
      ).status,
    ).toBe(200);

    expect(
      (await suda.post('/api/cash-close/reopen', { branch_id: cat.bkn, date: today, reason: 'ลืมบันทึกเงินโอน' })).status,
    ).toBe(403);
    const noReason = await anan.post('/api/cash-close/reopen', { branch_id: cat.bkn, date: today, reason: 'x' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/เหตุผล/);
    const reopen = await anan.post('/api/cash-close/reopen', {
      branch_id: cat.bkn,
      date: today,
      reason: 'ลูกค้าโอนเงินเข้ามาหลังปิดยอด',
    });
    expect(reopen.status, reopen.body.message).toBe(200);
    const [audit] = rowsOf<{ action: string; after: { reopen_reason: string } }>(
      await t.db.execute(
        sql`select action, after from audit_log where entity = 'cash_close' and action = 'reopen' order by id desc limit 1`,
      ),
    );
    expect(audit!.after.reopen_reason).toBe('ลูกค้าโอนเงินเข้ามาหลังปิดยอด');
    expect(
      (
        await suda.post('/api/application/paybalance', {
          application_id: id,
          paid: '500',
          pay_type: 'transfer',
          transfer_bank: 'กรุงเทพ',
          transfer_ref: 'BBL-1',
        })
      ).status,
    ).toBe(200);
    const again = await anan.post('/api/cash-close/close', { branch_id: cat.bkn, date: today });
    expect(again.body.data).toMatchObject({ version: 2, totals: { cash_in: '1000', transfer_in: '500' } });
    const day = await suda.get('/api/cash-close/get', { branch: cat.bkn, date: today });
    expect(day.body.data.closed).toMatchObject({ version: 2 });
    expect(day.body.data.history).toEqual([
      expect.objectContaining({ version: 1, reopen_reason: 'ลูกค้าโอนเงินเข้ามาหลังปิดยอด', reopened_by_name: 'อนันต์ มั่นคง' }),
    ]);
    const v2 = squash(await pdfText(again.body.data.pdf, 'counter-close-v2'));
    expect(v2).toContain(squash('(ฉบับที่ 2)'));
    expect(v2).toContain('BBL-1');
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('a close and payments at the same moment: every payment recorded is in the frozen totals, every other one is refused', async () => {
    const [course] = await t.db
      .insert(courses)
      .values({
        branch_id: cat.cnx,
        name: 'หลักสูตรแข่งปิดยอด',
        price: '100000',
        type: 'รถยนต์',
        theory_hours: 5,
        practice_hours: 10,
      })
      .returning();
    const pim = await t.as('pimchanok');
    const napat = await t.as('napat');
    const apps = await Promise.all(
      Array.from({ length: 4 }, () =>
        pim.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: course!.course_id }],
          other_fees: [],
        }),
      ),
    );
    const calls = Array.from({ length: 16 }, (_, i) =>
      pim.post('/api/application/paybalance', {
        application_id: apps[i % 4]!.body.data.application.application_id,
        paid: '100',
        pay_type: 'cash',
      }),
    );
    const closing = napat.post('/api/cash-close/close', { branch_id: cat.cnx, date: todayBangkok() });
    const results = await Promise.all(calls);
    const close = await closing;
    expect(close.status, close.body.message).toBe(200);
    const okCount = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || (r.status === 409 && /ปิดยอด/.test(r.body.message)))).toBe(true);
    expect(close.body.data.totals.cash_in).toBe(String(okCount * 100));
    const [{ sum }] = rowsOf<{ sum: string }>(
      await t.db.execute(
        sql`select coalesce(sum(amount), 0)::int::text as sum from payments where branch_id = ${cat.cnx} and business_date = ${todayBangkok()}::date`,
      ),
    ) as [{ sum: string }];
    expect(sum).toBe(String(okCount * 100));
    expect(await identityViolations(t.db)).toEqual([]);
  });
});
