/**
 * Every date of the API is bounded by what it can mean: a Buddhist-era year typed as a Common Era one (2569 for 2026)
 * is refused in Thai with the hint, and nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import * as contracts from '@khabkhi/contracts';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
const today = todayBangkok();
const year = Number(today.slice(0, 4));
/** today's date with its year in the Buddhist era */
const be = (iso: string) => `${Number(iso.slice(0, 4)) + 543}${iso.slice(4)}`;
const hint = (y: number) => `ปี ${y + 543} ดูเหมือนเป็นปีพุทธศักราช: ระบบรับปีคริสต์ศักราช (${y})`;
const count = async (table: string) =>
  (await rows<{ n: number }>(t, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
});

describe('dates bounded by what they mean', () => {
  it('an exam session on a Buddhist-era year is refused with the hint, and no session is written', async () => {
    const before = await count('exam_sessions');
    const r = await admin.post('/api/exam/session/create', {
      branch_id: cat.hq,
      exam_date: be(addDays(today, 3)),
      start_time: '09:00',
      exam_kind: 'theory',
      course_type: 'รถยนต์',
      capacity: 5,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`วันสอบ: ${hint(Number(addDays(today, 3).slice(0, 4)))}`);
    expect(await count('exam_sessions')).toBe(before);
  });

  it('a permission extended to a Buddhist-era year is refused with the hint, and the permission stays', async () => {
    const a = await malee.post('/api/application/create', {
      customer: customer({ fname: 'ต่อปีพุทธ', birthday: '1999-01-15' }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '6500', pay_type: 'cash' },
    });
    expect(a.status, a.body.message).toBe(200);
    const line = a.body.data.application.courses[0].line_id;
    const before = await rows(t, sql`select permission_date::text from exam_permissions where line_id = ${line}`);
    const r = await malee.post('/api/exam/extend', {
      line_id: line,
      permission_date: be(addDays(today, 120)),
      reason: 'ต่ออายุ',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(hint(Number(addDays(today, 120).slice(0, 4))));
    expect(await rows(t, sql`select permission_date::text from exam_permissions where line_id = ${line}`)).toEqual(
      before,
    );
    // the far future is refused too, without the hint when the year is not a Buddhist-era one
    const far = await malee.post('/api/exam/extend', { line_id: line, permission_date: '2099-01-01', reason: 'ต่อ' });
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/^วันหมดสิทธิ์สอบ: ต้องอยู่ระหว่างวันที่/);
  });

  it('a vehicle’s tax due on a Buddhist-era year is refused with the hint, and no vehicle is written', async () => {
    const before = await count('vehicles');
    const r = await (
      await t.as('somchai')
    ).post('/api/vehicle/create', {
      no: '9กก 2569',
      province: 'กรุงเทพมหานคร',
      type: 'car',
      noti_tax: `${year + 543}-12-16`,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(hint(year));
    expect(await count('vehicles')).toBe(before);
  });

  it('a birthday on a Buddhist-era year is refused with the hint; a future one is in the future; nothing is written', async () => {
    const before = await count('applications');
    const body = (birthday: string) => ({
      customer: customer({ fname: 'เกิดพุทธ', birthday }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: null,
    });
    const r = await malee.post('/api/application/create', body('2542-01-15'));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(hint(1999));
    const future = await malee.post('/api/application/create', body(addDays(today, 1)));
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('ต้องไม่เป็นวันในอนาคต');
    expect(await count('applications')).toBe(before);
  });

  it('a transfer made on a Buddhist-era year is refused with the hint, and no payment is written', async () => {
    const a = await malee.post('/api/application/create', {
      customer: customer({ fname: 'โอนปีพุทธ', birthday: '1999-01-15' }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: null,
    });
    expect(a.status, a.body.message).toBe(200);
    const before = await count('payments');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const r = await malee.post('/api/application/paybalance', {
      application_id: a.body.data.application.application_id,
      paid: '500',
      pay_type: 'transfer',
      transfer_bank: 'กสิกรไทย',
      transfer_at: be(at.slice(0, 10)) + at.slice(10),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`วันเวลาที่โอน: ${hint(Number(at.slice(0, 4)))}`);
    const old = await malee.post('/api/application/paybalance', {
      application_id: a.body.data.application.application_id,
      paid: '500',
      pay_type: 'transfer',
      transfer_at: '1999-12-31T10:00:00+07:00',
    });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/^วันเวลาที่โอน: ต้องอยู่ระหว่างวันที่/);
    expect(await count('payments')).toBe(before);
  });
});

/** Request schemas: the exports whose name says they are what a client sends. */
const requestSchema = /(Body|Query|Input|Params)$/;
/** A property whose name says it holds a day: exam_date, birthday, renew_until, valid_from, date_to… */
const dayName = /(^|_)(date|birthday|until)($|_)|^(valid|effective|date)_(from|to)$/;

describe('every date of the contracts has its range', () => {
  it('each date and timestamp schema of the contracts carries what it can mean; each request field named as a day is one', () => {
    const unbounded: string[] = [];
    const notADate: string[] = [];
    const seen = new Set<unknown>();
    const walk = (s: unknown, path: string, name: string, request: boolean) => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const o = s as Record<string, unknown>;
      if (o.type === 'string' && o.const === undefined) {
        const dated = o.format === 'date' || o.format === 'date-time';
        if (dated && !o['x-date-range']) unbounded.push(path);
        if (request && dayName.test(name) && !dated) notADate.push(path);
      }
      for (const [k, v] of Object.entries((o.properties ?? {}) as Record<string, unknown>))
        walk(v, `${path}.${k}`, k, request);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const x of (o[key] ?? []) as unknown[]) walk(x, path, name, request);
      if (o.items) walk(o.items, `${path}[]`, name, request);
    };
    // the request schemas first, so that a field shared with an answer is judged as the request's
    const all = Object.entries(contracts).sort(
      ([a], [b]) => Number(requestSchema.test(b)) - Number(requestSchema.test(a)),
    );
    for (const [k, v] of all) walk(v, k, '', requestSchema.test(k));
    expect(unbounded, 'dates and timestamps without x-date-range').toEqual([]);
    expect(notADate, 'request fields named as a day that are not dates').toEqual([]);
  });
});
