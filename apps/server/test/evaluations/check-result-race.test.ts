/**
 * The result kept on a registration under concurrent vehicle checks: checks of one registration written at the same
 * moment, committing in any order, must leave the result of the latest live check (by date, then entry). PGlite
 * runs one transaction at a time and would hide the race, so this runs on PostgreSQL only (DATABASE_URL set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
const today = todayBangkok();

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
});

describe.skipIf(!onPostgres)('vehicle check result under concurrency', () => {
  it('16 checks of one registration at once, results mixed, 6 rounds: the kept result is the latest live check', async () => {
    for (let round = 0; round < 6; round++) {
      const r = await admin.post('/api/application/create', {
        customer: customer({ fname: `ตรวจพร้อมกัน${round}` }),
        courses: [{ course_id: cat.car }],
        other_fees: [],
      });
      expect(r.status, r.body.message).toBe(200);
      const appId = r.body.data.application.application_id as number;
      const d = await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId });
      const names: string[] = d.body.data.check_items.car;
      // all on today: the latest is the last entered (highest check id), whichever commits first;
      // a random half fails (one item not in order)
      const fails = Array.from({ length: 16 }, () => Math.random() < 0.5);
      const answers = await Promise.all(
        fails.map((fail) =>
          admin.post('/api/vehiclecheck/create', {
            application_id: appId,
            check_date: today,
            owner: 'student',
            no: '1กข 1234',
            province: 'กรุงเทพมหานคร',
            type: 'car',
            tax_until: addDays(today, 365),
            compulsory_until: addDays(today, 365),
            items: names.map((name, j) => ({ name, ok: !(fail && j === 0) })),
          }),
        ),
      );
      for (const a of answers) expect(a.status, a.body.message).toBe(200);
      const [kept] = await rows<{ kept: string | null; latest: string | null }>(
        t,
        sql`select a.check_result as kept, (select v.result from vehicle_checks v where v.application_id = a.application_id and not v.is_delete
          order by v.check_date desc, v.check_id desc limit 1) as latest from applications a where a.application_id = ${appId}`,
      );
      expect(kept!.latest).not.toBeNull();
      expect(kept!.kept, `round ${round}`).toBe(kept!.latest);
    }
  });
});
