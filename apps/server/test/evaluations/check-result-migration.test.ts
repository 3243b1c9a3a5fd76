/**
 * The vehicle check result kept on each registration: the migration fills it from the checks already recorded (the
 * latest live one, by check date then entry), and from then on a trigger follows every new, corrected, moved or
 * deleted check.
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../migrations.js';

describe('application_check_result', () => {
  it('fills each registration with its latest live check, then follows inserts, corrections, moves and deletions', async () => {
    const db = await databaseBefore('_application_check_result');
    await db.exec(`
      insert into branches (code, name) values ('T1', 'ทดสอบ');
      insert into roles (slug, name, abilities) values ('t', 'ทดสอบ', '[]');
      insert into users (username, password_hash, role_id, branch_id, fname) select 'u', 'x', r.role_id, b.branch_id, 'u' from roles r, branches b;
      insert into customers (idcard, fname, branch_id) select '110170020345' || n, 'ลูกค้า' || n, b.branch_id from branches b, generate_series(1, 4) n;
      insert into applications (branch_id, application_code, customer_id, status, total, discount, net, paid, balance, created_by)
        select c.branch_id, 'A' || c.customer_id, c.customer_id, 'ค้างชำระ', 100, 0, 100, 0, 100, u.user_id from customers c, users u order by c.customer_id;
      -- A1: failed then passed a day later; A2: passed, then a later failed check deleted; A3: failed only; A4: none
      insert into vehicle_checks (branch_id, application_id, check_date, exam_date, owner, no, province, type, tax_until, compulsory_until, items, result, fail_reasons, checked_by, created_by, is_delete)
        select a.branch_id, a.application_id, d::date, '2026-12-31', 'student', '1กก 1', 'กรุงเทพมหานคร', 'car', '2027-01-01', '2027-01-01', '[]', r, '[]', u.user_id, u.user_id, del
        from users u, (values ('A1', '2026-11-01', 'fail', false), ('A1', '2026-11-02', 'pass', false), ('A2', '2026-11-01', 'pass', false),
                              ('A2', '2026-11-03', 'fail', true), ('A3', '2026-11-01', 'fail', false)) v(code, d, r, del)
        join applications a on a.application_code = v.code;`);
    await db.migrateAll();
    const kept = async () =>
      (
        await db.rows<{ code: string; r: string | null }>(
          'select application_code as code, check_result as r from applications order by application_id',
        )
      ).map((x) => `${x.code}:${x.r ?? '-'}`);
    expect(await kept()).toEqual(['A1:pass', 'A2:pass', 'A3:fail', 'A4:-']);
    // a new check on A4, a correction of A3's to pass, A2's deleted check undeleted, A1's latest check deleted
    await db.exec(`
      insert into vehicle_checks (branch_id, application_id, check_date, exam_date, owner, no, province, type, tax_until, compulsory_until, items, result, fail_reasons, checked_by, created_by)
        select a.branch_id, a.application_id, '2026-11-05', '2026-12-31', 'student', '1กก 1', 'กรุงเทพมหานคร', 'car', '2027-01-01', '2027-01-01', '[]', 'fail', '[]', a.created_by, a.created_by
        from applications a where application_code = 'A4';
      update vehicle_checks set result = 'pass' where application_id = (select application_id from applications where application_code = 'A3');
      update vehicle_checks set is_delete = false where is_delete;
      update vehicle_checks set is_delete = true where check_date = '2026-11-02';`);
    expect(await kept()).toEqual(['A1:fail', 'A2:fail', 'A3:pass', 'A4:fail']);
    // a check moved from A4 to A1 (corrected application) leaves A4 unchecked; a hard delete is followed too
    await db.exec(`
      update vehicle_checks set application_id = (select application_id from applications where application_code = 'A1'), check_date = '2026-11-09'
        where application_id = (select application_id from applications where application_code = 'A4');
      delete from vehicle_checks where application_id = (select application_id from applications where application_code = 'A3');`);
    expect(await kept()).toEqual(['A1:fail', 'A2:fail', 'A3:-', 'A4:-']);
    await db.close();
  });
});
