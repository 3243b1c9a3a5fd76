/**
 * Payroll migrations on rows already there: payroll_workflow_roles (the workflow's roles as one settings row, and the
 * maker–checker rule of approval requests relaxed only for a request marked self_decided) and payroll_carry_advance
 * (the carried amount on each line, and a carried-advance item beside each advance item of the catalog).
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
