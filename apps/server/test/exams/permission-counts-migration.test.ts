/**
 * The permission counts by branch, end date and state: the migration counts the permissions already there, and from then on the
 * deferred trigger follows a permission moved to another branch or date, disabled, passed or deleted (new permissions through
 * registrations: the money concurrency test checks the counts after simultaneous registrations).
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../migrations.js';

describe('exam_permission_counts', () => {
  it('counts the permissions already recorded per branch, then follows moves, extensions, disabling, passing and deletions', async () => {
    const db = await databaseBefore('_exam_permission_counts');
    // permission rows alone (their registrations and lines are not what this migration reads): foreign keys off
    await db.exec(`
      set session_replication_role = replica;
      insert into branches (code, name) values ('T1', 'หนึ่ง'), ('T2', 'สอง'), ('T3', 'สาม');
      insert into exam_permissions (line_id, application_id, branch_id, permission_date)
        select n, n, (select branch_id from branches where code = case when n <= 3 then 'T1' else 'T2' end), '2026-12-31'
        from generate_series(1, 5) n;
      set session_replication_role = origin;`);
    await db.migrateAll();
    const counts = async () =>
      (
        await db.rows<{ code: string; n: number }>(
          `select b.code, sum(c.n)::int as n from exam_permission_counts c join branches b using (branch_id)
            group by b.code having sum(c.n) <> 0 order by b.code`,
        )
      ).map((r) => `${r.code}:${r.n}`);
    expect(await counts()).toEqual(['T1:3', 'T2:2']);
    await db.exec(`
      update exam_permissions set branch_id = (select branch_id from branches where code = 'T3') where line_id in (1, 2);
      update exam_permissions set permission_date = '2027-01-31' where line_id = 3;
      delete from exam_permissions where line_id = 5;`);
    expect(await counts()).toEqual(['T1:1', 'T2:1', 'T3:2']);
    // an extension, a disabling and a pass move the line between (end date, passed, active) rows of its branch
    await db.exec(`update exam_permissions set is_active = false where line_id = 4;
      update exam_permissions set passed = true where line_id = 1;`);
    const states = await db.rows<{ line: string }>(
      `select b.code || ' ' || c.permission_date || ' ' || c.passed || ' ' || c.is_active || ' ' || c.n as line
        from exam_permission_counts c join branches b using (branch_id) where c.n <> 0 order by 1`,
    );
    expect(states.map((r) => r.line)).toEqual([
      'T1 2027-01-31 false true 1',
      'T2 2026-12-31 false false 1',
      'T3 2026-12-31 false true 1',
      'T3 2026-12-31 true true 1',
    ]);
    await db.close();
  });
});
