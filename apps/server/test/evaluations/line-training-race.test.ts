/**
 * The per-branch counts behind the evaluation list's status count (line_training_counts) under concurrency: sessions
 * recorded and deleted on many lines of one branch, cancellations of evaluated registrations, a change of a course's
 * hours, of a criterion and of the passing level, all at the same moment, must leave every stored line's flags and
 * every branch's counts equal to their recomputation, with no request refused or failed (no deadlock between two
 * transactions taking count rows). PGlite runs one transaction at a time and would hide the race, so this runs on
 * PostgreSQL only (DATABASE_URL set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LINE_TRAINING_VIOLATIONS_SQL } from '../../src/modules/evaluations/training.js';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { sessionRecorder } from './fixtures.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let instructor: number;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  instructor = (await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'prasert'`))[0]!.id;
});

async function register(name: string) {
  const r = await admin.post('/api/application/create', {
    customer: customer({ fname: name }),
    courses: [{ course_id: cat.car, exam_date: null }],
    other_fees: [],
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return { appId: a.application_id as number, lineId: a.courses[0].line_id as number };
}

const record = sessionRecorder(
  () => admin,
  () => instructor,
);

describe.skipIf(!onPostgres)('the training counts kept at commit under concurrency', () => {
  it('sessions, deletions, cancellations and changes of the rules of one branch at once: counts right, nothing refused, 3 rounds', async () => {
    const criteria = (
      await rows<{ id: number }>(
        t,
        sql`select evaluate_id as id from evaluates where type = 'รถยนต์' and not is_delete and is_activate order by sort, evaluate_id`,
      )
    ).map((r) => r.id);
    // the sessions rate every criterion but the first, which the race switches off and on (a recorded level of a
    // criterion switched off in the same moment is refused, rightly)
    const rated = criteria.slice(1);
    const cur = (await admin.get('/api/evaluate/settings')).body.data;
    for (let round = 0; round < 3; round++) {
      const lines = [];
      for (let i = 0; i < 12; i++) lines.push(await register(`นับพร้อมกัน${round}-${i}`));
      // a first session on half of them, complete or not, so that the race also deletes and cancels evaluated lines
      const first: number[] = [];
      for (const [i, l] of lines.entries()) {
        if (i % 2) continue;
        const r = await record(l.appId, l.lineId, {
          theory_hours: 5,
          practice_hours: i % 4 ? 4 : 10,
          results: rated.map((id) => ({ evaluate_id: id, level: 3 })),
        });
        expect(r.status, r.body.message).toBe(200);
        first.push(r.body.data.evaluations[0].evaluation_id as number);
      }
      const answers = await Promise.all([
        // every line gets a session: some complete it, some leave it short
        ...lines.map((l, i) =>
          record(l.appId, l.lineId, {
            theory_hours: 5,
            practice_hours: i % 3 ? 10 : 1,
            results: rated.map((id) => ({ evaluate_id: id, level: i % 5 ? 3 : 1 })),
          }),
        ),
        // the first sessions of some are deleted, others' registrations cancelled
        ...lines
          .filter((_, i) => i % 2 === 0)
          .map((l, k) =>
            k % 2
              ? admin.del('/api/evaluate/student/delete', { application_id: l.appId, evaluation_id: first[k] })
              : admin.del('/api/application/delete', { application_id: l.appId, note: 'ยกเลิกพร้อมกัน' }),
          ),
        admin.put('/api/course/update', { course_id: cat.car, practice_hours: round % 2 ? 10 : 12 }),
        admin.put('/api/evaluate/update', { evaluate_id: criteria[0], is_activate: round % 2 === 1 }),
        admin.put('/api/evaluate/settings/update', { ...cur, pass_level: round % 2 ? 2 : 3 }),
      ]);
      // a session recorded on a registration cancelled at the same moment is refused once the cancellation has
      // committed (the record waits for the line): in Thai, as cancelled — never a conflict to retry
      const cancelled = new Set(lines.filter((_, i) => i % 4 === 0).map((l) => l.lineId));
      for (const [k, a] of answers.entries()) {
        const line = lines[k];
        if (line && cancelled.has(line.lineId) && a.status === 400)
          expect(a.body.message).toBe('ใบสมัครนี้ถูกยกเลิกแล้ว บันทึกผลการประเมินไม่ได้');
        else expect(a.status, `round ${round}: ${a.body.message}`).toBe(200);
      }
      expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL), `round ${round}`).toEqual([]);
    }
    await admin.put('/api/evaluate/settings/update', { ...cur, pass_level: cur.pass_level });
    await admin.put('/api/evaluate/update', { evaluate_id: criteria[0], is_activate: true });
  });
});
