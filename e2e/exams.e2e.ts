/**
 * Exams in the browser: book a student from the calendar (and see a refusal's rule on screen), extend a
 * permission and see the list keep its page, per_page and filters, record a whole session's results from the
 * keyboard; screenshots of every exam screen at 1440×900 and 1024×768.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { customer, makeCatalog, type Catalog } from '../apps/server/test/money/fixtures.js';
import { shotsDir, startE2E, type E2E } from './harness.js';
import { login } from './helpers.js';

let e: E2E;
let cat: Catalog;
const today = todayBangkok();

beforeAll(async () => {
  e = await startE2E({ demoMoney: true });
  cat = await makeCatalog(e.app.db);
});
afterAll(async () => {
  await e?.close();
});

async function student(fname: string, opts: { birthday?: string; paid?: string } = {}) {
  const r = await (
    await e.app.as('malee')
  ).post('/api/application/create', {
    customer: customer({ fname, birthday: opts.birthday ?? '1998-03-03' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid: opts.paid ?? '6500', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.application.courses[0].line_id as number;
}

describe('exams in the browser', () => {
  it('books a student from the calendar; an under-age student is refused with the rule on screen', async () => {
    await student('จองจากปฏิทิน');
    await student('อายุน้อยเกิน', { birthday: `${Number(today.slice(0, 4)) - 17}${today.slice(4)}` });
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/exams/calendar`);
    await page.locator(`[data-date="${today}"] .kk-cal-ev`).first().waitFor();
    await e.shot(page, 'exams-calendar-month');
    await page.locator(`[data-date="${today}"]`).click();
    const card = page
      .locator('[data-testid^="session-"]', { hasText: '09:00 น.' })
      .filter({ hasText: 'ภาคทฤษฎี' })
      .filter({ hasText: 'รถยนต์' })
      .first();
    await card.waitFor();
    const before = await card.locator('li').count();
    for (const [name, ok] of [
      ['อายุน้อยเกิน', false],
      ['จองจากปฏิทิน', true],
    ] as const) {
      await card.locator('[data-testid="book-search"]').click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
      await card.locator('[data-testid="book-button"]').click();
      const alert = card.locator('[data-testid="book-result"]');
      await alert.waitFor();
      if (ok) await expect.poll(async () => alert.innerText()).toContain(`จองสอบภาคทฤษฎีให้ นางสาว${name}`);
      else await expect.poll(async () => alert.innerText()).toContain('อายุขั้นต่ำ');
      if (!ok) await expect.poll(() => alert.innerText()).toContain('อายุ 17 ปี');
      await e.shot(page, ok ? 'exams-calendar-booked' : 'exams-calendar-refused');
    }
    await expect.poll(() => card.locator('li').count()).toBe(before + 1);
    await expect.poll(() => card.innerText()).toContain('จองจากปฏิทิน');
    // the week view shows the same day's sessions
    await page.keyboard.press('Escape');
    await page.goto(`${e.baseUrl}/exams/calendar?view=week&date=${today}`);
    await page.locator(`[data-date="${today}"] .kk-cal-ev`).first().waitFor();
    await e.shot(page, 'exams-calendar-week');
  });

  it('adds a session with an examiner picked from the branch’s staff, and one with an outside examiner typed', async () => {
    const day = addDays(today, 1);
    const page = await e.page();
    await login(e, page, 'somchai'); // a manager creates sessions (the examiner list needs only read Exam)
    await page.goto(`${e.baseUrl}/exams/calendar?date=${day}`);
    await page.locator(`[data-date="${day}"]`).click();
    const add = async (time: string, pick: boolean) => {
      await page.getByTestId('add-session').click();
      const form = page.getByTestId('session-form');
      await form.waitFor();
      await form.getByLabel('เวลา').fill(time);
      await form.getByLabel('ภาคสอบ').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ภาคปฏิบัติ' }).click();
      const examiner = form.getByLabel('ผู้คุมสอบ');
      await examiner.click();
      if (pick) {
        await page.keyboard.type('ประเสริฐ');
        const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: 'นายประเสริฐ ขับดี',
        });
        await option.waitFor();
        await expect.poll(() => option.innerText()).toContain('ครูฝึกภาคปฏิบัติ');
        await e.shot(page, 'exams-session-examiner-options');
        await option.click();
        await expect.poll(() => examiner.inputValue()).toBe('นายประเสริฐ ขับดี');
        await expect.poll(() => form.getByTestId('examiner-kind').innerText()).toBe('พนักงานของโรงเรียน');
      } else {
        await page.keyboard.type('ร.ต.อ.สมศักดิ์ ตรวจสอบ');
        await page.keyboard.press('Escape'); // closes the suggestions, not the drawer
        await page.waitForTimeout(400);
        await expect.poll(() => form.isVisible()).toBe(true);
        await expect.poll(() => form.getByTestId('examiner-kind').innerText()).toBe('ผู้คุมสอบจากภายนอก');
      }
      await e.shot(page, pick ? 'exams-session-examiner-picked' : 'exams-session-examiner-outside');
      // the save's answer itself (the page shows it in a three-second toast)
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/exam/session/create');
      await form.getByTestId('save-session').click();
      expect((await (await saved).json()).message).toContain(`เวลา ${time} น. เรียบร้อยแล้ว`);
    };
    await add('08:15', true);
    await add('10:45', false);
    const picked = page.locator('[data-testid^="session-"]', { hasText: '08:15 น.' });
    await expect.poll(() => picked.innerText()).toContain('ผู้คุมสอบ นายประเสริฐ ขับดี');
    const outside = page.locator('[data-testid^="session-"]', { hasText: '10:45 น.' });
    await expect.poll(() => outside.innerText()).toContain('ผู้คุมสอบ ร.ต.อ.สมศักดิ์ ตรวจสอบ');
    await e.shot(page, 'exams-session-examiners');
    const res = await e.app.db.execute(
      sql`select s.start_time, s.examiner, u.username from exam_sessions s left join users u on u.user_id = s.examiner_id
        where s.exam_date = ${day} and s.start_time in ('08:15', '10:45') order by s.start_time`,
    );
    expect((res as unknown as { rows: unknown[] }).rows).toEqual([
      { start_time: '08:15', examiner: 'นายประเสริฐ ขับดี', username: 'prasert' },
      { start_time: '10:45', examiner: 'ร.ต.อ.สมศักดิ์ ตรวจสอบ', username: null },
    ]);
  });

  it('extends a permission from page 2 of a filtered list, and the list keeps its page, per_page and filters', async () => {
    for (let i = 0; i < 6; i++) await student(`สิทธิ์สอบ${i}`);
    const page = await e.page();
    await login(e, page, 'malee');
    const url = `${e.baseUrl}/exams/permissions?type=${encodeURIComponent('รถยนต์')}&per_page=5&page=2`;
    await page.goto(url);
    await page.locator('.ant-table-row').first().waitFor();
    // a line that passed both exams has nothing to extend: take the first row that can be extended
    const row = page
      .locator('.ant-table-row')
      .filter({ has: page.locator('[data-testid^="extend-"]') })
      .first();
    await row.waitFor();
    await e.shot(page, 'exams-permissions');
    const lineId = Number(await row.getAttribute('data-row-key'));
    const malee = await e.app.as('malee');
    const listed = async () =>
      (await malee.get('/api/exam/permission', { type: 'รถยนต์', per_page: 5, page: 2 })).body.data as {
        line_id: number;
        application_id: number;
        permission_date: string;
      }[];
    const before = (await listed()).find((l) => l.line_id === lineId)!;
    const cellBefore = await row.locator('td').nth(3).innerText(); // สิทธิ์สอบถึง
    await page.locator(`[data-testid="extend-${lineId}"]`).click();
    await page.locator('[data-testid="permission-reason"]').fill('ผู้เรียนป่วย มีใบรับรองแพทย์');
    await e.shot(page, 'exams-permission-extend-dialog');
    await page.locator('[data-testid="permission-ok"]').click();
    // the saved date (the list is ordered by it, so the line may now sit on another page)
    const detail = async () =>
      (await malee.get(`/api/exam/permission/${before.application_id}`)).body.data.lines.find(
        (l: { line_id: number }) => l.line_id === lineId,
      ).permission_date as string;
    await expect.poll(detail).not.toBe(before.permission_date);
    // the list reloaded on the same page, per_page and filters: it shows what the server has for them now
    expect(page.url()).toBe(url);
    await expect.poll(() => page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    const now = (await listed()).map((l) => String(l.line_id));
    await expect
      .poll(() => page.locator('.ant-table-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-key'))))
      .toEqual(now);
    if (now.includes(String(lineId))) {
      const same = page.locator(`.ant-table-row[data-row-key="${lineId}"]`);
      await expect.poll(() => same.locator('td').nth(3).innerText()).not.toBe(cellBefore);
    }
    // the detail shows the history row: who, old → new, reason
    await page.goto(`${e.baseUrl}/exams/permissions/${before.application_id}`);
    await page.locator('[data-testid="permission-history"]').first().waitFor();
    const hist = await page.locator('[data-testid="permission-history"]').first().innerText();
    expect(hist).toContain('ต่ออายุสิทธิ์สอบ');
    expect(hist).toContain('มาลี ศรีสุข');
    expect(hist).toContain('ผู้เรียนป่วย มีใบรับรองแพทย์');
    await e.shot(page, 'exams-permission-detail');
  });

  it('records a whole session’s results from the keyboard: 47, 42 and absent', async () => {
    const admin = await e.app.as('admin');
    const s = await admin.post('/api/exam/session/create', {
      branch_id: cat.hq,
      exam_date: today,
      start_time: '16:00',
      exam_kind: 'theory',
      course_type: 'รถยนต์',
      capacity: 5,
      place: 'ห้อง 3',
    });
    expect(s.status, s.body.message).toBe(200);
    const sid = s.body.data.session_id;
    for (const n of ['คีย์บอร์ดหนึ่ง', 'คีย์บอร์ดสอง', 'คีย์บอร์ดสาม']) {
      const b = await admin.post('/api/exam/book', { session_id: sid, line_id: await student(n) });
      expect(b.status, b.body.message).toBe(200);
    }
    const page = await e.page();
    await login(e, page, 'prasert'); // the instructor records results
    await page.goto(`${e.baseUrl}/exams/sessions/${sid}`);
    await page.locator('[data-testid="entry-0"]').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('entry-0');
    for (const v of ['47', '42', 'ข']) {
      await page.keyboard.type(v);
      await page.keyboard.press('Enter');
    }
    await e.shot(page, 'exams-results-typed');
    await page.keyboard.press('Enter'); // the save button has the focus
    const b = page.locator('[data-testid="results-banner"]');
    await b.waitFor();
    await expect.poll(() => b.innerText()).toContain('ผ่าน 1 คน ไม่ผ่าน 1 คน ขาดสอบ 1 คน');
    await e.shot(page, 'exams-results-saved');
    const table = await admin.get('/api/exam/gettable', { date: today, text: 'คีย์บอร์ด' });
    expect(table.body.data.map((r: any) => r.status).sort()).toEqual(['absent', 'failed', 'passed']);
  });

  it('the other exam screens show the demo rows (screenshots)', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    // a manager lands on the dashboard; the exams of today are on the home page
    await page.goto(`${e.baseUrl}/`);
    await page.locator('[data-testid="home-exams-today"]').waitFor();
    await e.shot(page, 'exams-home');
    for (const [p, name] of [
      ['/exams/schedule', 'schedule'],
      ['/exams/history', 'history'],
      ['/exams/manage', 'manage'],
    ] as const) {
      await page.goto(`${e.baseUrl}${p}`);
      await page.locator('.ant-table-row').first().waitFor();
      await e.shot(page, `exams-${name}`);
    }
    const apps = await (await e.app.as('somchai')).get('/api/exam/permission', { per_page: 1 });
    await page.goto(`${e.baseUrl}/applications/${apps.body.data[0].application_id}`);
    await page.locator('[data-testid="customer-exams"]').waitFor();
    await e.shot(page, 'exams-application-detail');
    expect(path.isAbsolute(shotsDir)).toBe(true);
  });
});
