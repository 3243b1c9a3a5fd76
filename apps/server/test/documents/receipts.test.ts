import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bahtTextFromString, buddhistYear, todayBangkok, THAI_MONTHS } from '@khabkhi/thai';
import { schoolSettings } from '../../src/db/schema/core.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';

let t: TestApp;
let cat: Catalog;
const out = path.resolve(__dirname, '../../../../test-results/documents');

beforeAll(async () => {
  t = await createTestApp();
  cat = await makeCatalog(t.db);
  fs.mkdirSync(out, { recursive: true });
});
afterAll(async () => {
  await t?.close();
});

async function fetchPdf(link: string) {
  const r = await t.app.inject({ method: 'GET', url: link });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  expect(r.headers['cache-control']).toContain('no-store');
  return r.rawPayload;
}

/** pdftotext output with spaces and Thai marks normalised, so assertions do not depend on layout. */
function textOf(pdf: Buffer, name: string) {
  const file = path.join(out, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '70', '-png', '-singlefile', file, path.join(out, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').normalize('NFC');
}
const squash = (s: string) => s.replace(/\s+/g, '');

describe('receipt PDF', () => {
  it('shows the school, number, BE date, customer, amount in figures and Thai words; reprints say สำเนา; voids say ยกเลิก', async () => {
    const malee = await t.as('malee');
    const c = customer({ fname: 'ทดสอบใบเสร็จ', sname: 'ภาษาไทย' });
    const r = await malee.post('/api/application/create', {
      customer: c,
      courses: [{ course_id: cat.car, promotion_code: cat.promo.pct10, discount: '650' }],
      other_fees: [{ other_fee_id: cat.medical }],
      payment: { paid: '1234.50', pay_type: 'cash', note: 'มัดจำ' },
    });
    expect(r.status, r.body.message).toBe(200);
    const number = r.body.data.application.payments[0].payment_code as string;
    const originalPdf = await fetchPdf(r.body.data.pdf);
    // the school's font (Sarabun, regular and bold) is embedded, not a fallback of the machine
    const fonts = execFileSync('pdffonts', ['-'], { input: originalPdf }).toString('utf8');
    expect(fonts).toMatch(/\+Sarabun-Regular .*\byes\b/);
    expect(fonts).toMatch(/\+Sarabun-Bold .*\byes\b/);
    expect(fonts).not.toMatch(/DejaVu|Liberation|Noto|Garuda|Loma/);
    const original = textOf(originalPdf, 'receipt-original');
    const flat = squash(original);
    expect(flat).toContain(squash('ใบเสร็จรับเงิน'));
    expect(flat).toContain(number);
    expect(flat).toContain('ต้นฉบับ');
    expect(flat).toContain(squash('โรงเรียนสอนขับรถขับขี่ปลอดภัย'));
    expect(flat).toContain('0105562012345');
    expect(flat).toContain(squash('ทดสอบใบเสร็จ ภาษาไทย'));
    expect(flat).toContain('1,234.50');
    expect(flat).toContain(squash(bahtTextFromString('1234.50')));
    expect(bahtTextFromString('1234.50')).toBe('หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์');
    const [, m, d] = todayBangkok().split('-').map(Number);
    expect(flat).toContain(squash(`${d} ${THAI_MONTHS[m! - 1]} ${buddhistYear(todayBangkok())}`));
    expect(flat).toContain('เงินสด');
    // the original is issued once: opening the same link again gives a copy
    expect(squash(textOf(await fetchPdf(r.body.data.pdf), 'receipt-second-open'))).toContain('สำเนา');

    const copy = await malee.post('/api/payment/pdf', { payment_id: r.body.data.application.payments[0].payment_id });
    const copyText = squash(textOf(await fetchPdf(copy.body.data.pdf), 'receipt-copy'));
    expect(copyText).toContain('สำเนา');
    expect(copyText).not.toContain('ต้นฉบับ');

    const req = await malee.post('/api/payment/request-delete', {
      payment_id: r.body.data.application.payments[0].payment_id,
      note: 'ทดสอบยกเลิก',
    });
    await (await t.as('somchai')).post('/api/request/approve', { request_id: req.body.data.request_id, approve: true });
    const voided = await malee.post('/api/payment/pdf', { payment_id: r.body.data.application.payments[0].payment_id });
    expect(squash(textOf(await fetchPdf(voided.body.data.pdf), 'receipt-void'))).toContain('ยกเลิก');
  });

  it('the application form shows the lines and totals, and a PromptPay QR only when the school has a PromptPay ID and a balance is owed', async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [{ other_fee_id: cat.rent }],
      payment: { paid: '1000', pay_type: 'transfer' },
    });
    const form = await fetchPdf(r.body.data.application_pdf);
    const text = squash(textOf(form, 'application-form'));
    expect(text).toContain(squash('ใบสมัครเรียนขับรถ'));
    expect(text).toContain(r.body.data.application.application_code);
    expect(text).toContain('6,000.00'); // balance 7000 − 1000
    expect(text).toContain(squash('สแกนเพื่อชำระยอดคงเหลือ'));
    await t.db.update(schoolSettings).set({ promptpay_id: '' }).where(eq(schoolSettings.id, 1));
    const again = await malee.post('/api/application/pdf', { application_id: r.body.data.application.application_id });
    expect(squash(textOf(await fetchPdf(again.body.data.pdf), 'application-form-no-qr'))).not.toContain(
      squash('สแกนเพื่อชำระยอดคงเหลือ'),
    );
  });

  it('refuses forged and unknown document links with a Thai 401 envelope', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/documents/eyJhbGciOiJIUzI1NiJ9.eyJ0IjoicmVjZWlwdCIsImkiOjF9.bad',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 'error', message: expect.stringContaining('ลิงก์เอกสาร') });
  });
});
