import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfEngine, RENDERER_INSTALL_COMMAND } from '../../src/documents/engine.js';
import { AppError } from '../../src/http/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';

// A machine without Chromium (a fresh clone where nothing installed it): every PDF answers a Thai 503 that names
// the missing program and the one command that installs it, never a bare 500.
const missing = path.join(os.tmpdir(), 'khabkhi-no-such-dir', 'chromium');

describe('PDF engine without its renderer', () => {
  it('rejects with a Thai 503 naming Chromium, its path and the install command, each time it is asked', async () => {
    const engine = createPdfEngine({ chromiumPath: missing });
    for (let i = 0; i < 2; i++) {
      const err = await engine.render('<p>ทดสอบ</p>').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(503);
      expect((err as AppError).message).toContain('Chromium');
      expect((err as AppError).message).toContain(missing);
      expect((err as AppError).message).toContain(RENDERER_INSTALL_COMMAND);
    }
    await engine.close();
  });

  it('treats a file that is not executable as missing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khabkhi-renderer-'));
    const file = path.join(dir, 'chromium');
    fs.writeFileSync(file, 'not a program', { mode: 0o644 });
    const engine = createPdfEngine({ chromiumPath: file });
    await expect(engine.render('<p>x</p>')).rejects.toMatchObject({ statusCode: 503 });
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('receipt link on a machine without Chromium', () => {
  let t: TestApp;
  let cat: Catalog;
  beforeAll(async () => {
    t = await createTestApp({ env: { CHROMIUM_PATH: missing } });
    cat = await makeCatalog(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with the Thai message and the install command; the payment itself is recorded', async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/create', {
      customer: customer({ fname: 'ไม่มีโครเมียม', sname: 'ทดสอบ' }),
      courses: [{ course_id: cat.car }],
      other_fees: [{ other_fee_id: cat.medical }],
      payment: { paid: '500.00', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: r.body.data.pdf as string });
    expect(pdf.statusCode).toBe(503);
    const body = pdf.json() as { status: string; message: string; data: null };
    expect(body.status).toBe('error');
    expect(body.message).toMatch(/^พิมพ์เอกสาร PDF ไม่ได้: ไม่พบโปรแกรม Chromium/);
    expect(body.message).toContain(`คำสั่ง ${RENDERER_INSTALL_COMMAND}`);
    expect(body.message).not.toContain('เกิดข้อผิดพลาดภายในระบบ');
    const list = await malee.get('/api/payment/gettable', { text: 'ไม่มีโครเมียม' });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBe(1);
    expect(list.body.data[0].paid).toBe('500');
  });
});
