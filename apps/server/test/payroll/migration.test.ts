/**
 * Payroll migrations on rows already there: payroll_workflow_roles (the workflow's roles as one settings row, and the
 * maker–checker rule of approval requests relaxed only for a request marked self_decided) and payroll_carry_advance
 * (the carried amount on each line, and a carried-advance item beside each advance item of the catalog);
 * payroll_sso_wage (the wage actually paid stored on each line, as the สปส.1-10 reported it for the lines already there).
 */
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../migrations.js';

const fails = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return String((e as Error).message ?? e);
  }
};

describe('payroll_workflow_roles', () => {
  it('keeps every decided request as not self-decided; a maker deciding their own request is refused unless marked; one settings row', async () => {
    const db = await databaseBefore('_payroll_workflow_roles');
    await db.exec(`
      insert into branches (code, name) values ('T1', 'ทดสอบ');
      insert into roles (slug, name, abilities) values ('t', 'ทดสอบ', '[]');
      insert into users (username, password_hash, role_id, branch_id, fname) select u, 'x', r.role_id, b.branch_id, u from roles r, branches b, (values ('a'), ('b')) v(u);
      insert into approval_requests (kind, subject_id, branch_id, reason, requested_by, decided_by, decision, decided_at)
        select 'payroll_confirm', 1, b.branch_id, 'ขอยืนยันเงินเดือน', a.user_id, c.user_id, 'approved', now()
        from branches b, users a, users c where a.username = 'a' and c.username = 'b';
      insert into approval_requests (kind, subject_id, branch_id, reason, requested_by)
        select 'payroll_approve', 1, b.branch_id, 'ขออนุมัติเงินเดือน', a.user_id from branches b, users a where a.username = 'a';`);
    await db.migrateAll();
    expect(await db.rows('select kind, decision, self_decided from approval_requests order by request_id')).toEqual([
      { kind: 'payroll_confirm', decision: 'approved', self_decided: false },
      { kind: 'payroll_approve', decision: 'pending', self_decided: false },
    ]);
    // the maker deciding their own request: refused by the database unless the request is marked self_decided
    const own = `update approval_requests set decided_by = requested_by, decision = 'approved', decided_at = now() where kind = 'payroll_approve'`;
    expect(await fails(db.exec(own))).toMatch(/approval_requests_maker_checker/);
    await db.exec(`${own.replace('set ', 'set self_decided = true, ')}`);
    expect(
      await db.rows(`select decision, self_decided from approval_requests where kind = 'payroll_approve'`),
    ).toEqual([{ decision: 'approved', self_decided: true }]);
    // the setting: one row, by default the owner approves and every role with the ability submits and confirms
    await db.exec('insert into payroll_workflow (id) values (1)');
    expect(
      await db.rows('select submit_roles, confirm_roles, approve_roles, owner_self_approve from payroll_workflow'),
    ).toEqual([{ submit_roles: [], confirm_roles: [], approve_roles: ['owner'], owner_self_approve: false }]);
    expect(await fails(db.exec('insert into payroll_workflow (id) values (2)'))).toMatch(/payroll_workflow_one_row/);
    expect(await fails(db.exec(`update payroll_workflow set approve_roles = '{}'`))).toMatch(
      /payroll_workflow_approvers/,
    );
    await db.close();
  });
});

describe('payroll_carry_advance', () => {
  it('gives every line a carried amount of 0 and each branch with an advance item a carried-advance item, once', async () => {
    const db = await databaseBefore('_payroll_carry_advance');
    await db.exec(`
      insert into branches (code, name) values ('T1', 'ทดสอบ'), ('T2', 'ทดสอบ 2');
      insert into list_payroll (branch_id, name, category, type) select branch_id, 'เงินเบิกล่วงหน้า', 'advance', 'deduction' from branches;
      insert into list_payroll (branch_id, name, category, type) select branch_id, 'เบิกยกมา (มีอยู่แล้ว)', 'advance_carried', 'deduction' from branches where code = 'T2';`);
    await db.migrateAll();
    expect(
      await db.rows(
        `select b.code, l.name, l.type, l.condition from list_payroll l join branches b using (branch_id) where l.category = 'advance_carried' order by b.code`,
      ),
    ).toEqual([
      { code: 'T1', name: 'เงินเบิกล่วงหน้ายกมา', type: 'deduction', condition: 'fill' },
      { code: 'T2', name: 'เบิกยกมา (มีอยู่แล้ว)', type: 'deduction', condition: 'fill' },
    ]);
    expect(
      await db.rows(
        `select column_default from information_schema.columns where table_name = 'payroll_lines' and column_name = 'carry_advance'`,
      ),
    ).toEqual([{ column_default: "'0'::numeric" }]);
    await db.close();
  });
});

describe('payroll_sso_wage', () => {
  it('gives every line the wage the สปส.1-10 reported: salary + extra + teaching/commission − absence, before the floor and ceiling', async () => {
    const db = await databaseBefore('_payroll_sso_wage');
    await db.exec(`
      insert into branches (code, name) values ('T1', 'ทดสอบ');
      insert into roles (slug, name, abilities) values ('t', 'ทดสอบ', '[]');
      insert into users (username, password_hash, role_id, branch_id, fname) select u, 'x', r.role_id, b.branch_id, u from roles r, branches b, (values ('a'), ('b'), ('c')) v(u);
      insert into list_payroll (branch_id, name, category, type) select branch_id, c, c, t from branches,
        (values ('teaching', 'income'), ('commission', 'income'), ('overtime', 'income'), ('absence', 'deduction')) v(c, t);
      insert into payrolls (branch_id, month, status, created_by) select branch_id, '2026-03', 'approved', (select min(user_id) from users) from branches;
      insert into payroll_lines (payroll_id, month, user_id, salary, extra, absence, sso_base)
        select (select payroll_id from payrolls), '2026-03', user_id, s, e, a, base from users,
        (values ('a', 30000, 0, 0, 17500), ('b', 10000, 1000, 1500, 10000), ('c', 1000, 0, 0, 1650)) v(n, s, e, a, base)
        where username = n;
      insert into payroll_line_items (line_id, list_payroll_id, name, type, condition, amount)
        select l.line_id, c.list_payroll_id, c.name, c.type, 'fill', v.amount from payroll_lines l join users u using (user_id),
        (values ('a', 'teaching', 1500), ('b', 'overtime', 1200), ('b', 'commission', 500), ('b', 'absence', 1500)) v(n, cat, amount),
        list_payroll c where u.username = v.n and c.category = v.cat;`);
    await db.migrateAll();
    expect(
      await db.rows(
        'select u.username, l.sso_wage, l.sso_base from payroll_lines l join users u using (user_id) order by 1',
      ),
    ).toEqual([
      // 30,000 + 1,500 teaching: above the 17,500 ceiling, reported as paid
      { username: 'a', sso_wage: '31500.00', sso_base: '17500.00' },
      // 10,000 + 1,000 extra + 500 commission − 1,500 absence; overtime is not wage
      { username: 'b', sso_wage: '10000.00', sso_base: '10000.00' },
      // under the 1,650 floor, reported as paid
      { username: 'c', sso_wage: '1000.00', sso_base: '1650.00' },
    ]);
    expect(
      await db.rows(
        `select is_nullable, column_default from information_schema.columns where table_name = 'payroll_lines' and column_name = 'sso_wage'`,
      ),
    ).toEqual([{ is_nullable: 'NO', column_default: null }]);
    await db.close();
  });
});
