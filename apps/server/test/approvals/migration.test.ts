/** Migration approvals_view: the money requests already recorded become void_payment approval requests with the same ids. */
import { describe, expect, it } from 'vitest';
import { makeThaiNationalId } from '@khabkhi/thai';
import { databaseBefore } from '../migrations.js';

describe('money_requests → approval_requests', () => {
  it('keeps every request, its id, its decision and its notes; money_requests reads the same; new ids follow the old ones', async () => {
    const db = await databaseBefore('_approvals_view');
    await db.exec(`
      insert into branches (code, name) values ('T1', 'ทดสอบ');
      insert into roles (slug, name, abilities) values ('t', 'ทดสอบ', '[]');
      insert into users (username, password_hash, role_id, branch_id, fname) select u, 'x', r.role_id, b.branch_id, u from roles r, branches b, (values ('a'), ('b')) v(u);
      insert into customers (idcard, fname, branch_id) select '${makeThaiNationalId('110350041234')}', 'ลูกค้า', branch_id from branches;
      insert into applications (branch_id, application_code, customer_id, status, total, discount, net, paid, balance, created_by)
        select b.branch_id, 'AP-1', c.customer_id, 'ค้างชำระ', 1000, 0, 1000, 0, 1000, u.user_id from branches b, customers c, users u where u.username = 'a';
      insert into payments (application_id, branch_id, payment_code, pay_type, amount, business_date, created_by)
        select a.application_id, a.branch_id, p.code, 'cash', p.amount, '2026-10-01', a.created_by from applications a, (values ('RC-1', 100), ('RC-2', 200)) p(code, amount);
      insert into money_requests (branch_id, application_id, payment_id, note, value, status, requested_by, decided_by, decided_at, decision_note)
        select p.branch_id, p.application_id, p.payment_id, 'คีย์ผิด ' || p.payment_code, p.amount, case p.payment_code when 'RC-1' then 'approved' else 'pending' end,
               (select user_id from users where username = 'a'), case p.payment_code when 'RC-1' then (select user_id from users where username = 'b') end,
               case p.payment_code when 'RC-1' then now() end, case p.payment_code when 'RC-1' then 'ตรวจแล้ว' else '' end
        from payments p order by p.payment_id;`);
    const before = await db.rows(
      'select request_id, branch_id, kind, application_id, payment_id, note, value::text as value, status, requested_by, decided_by, decision_note from money_requests order by request_id',
    );
    expect(before).toHaveLength(2);
    await db.migrateAll();
    expect(
      await db.rows(
        'select request_id, branch_id, kind, application_id, payment_id, note, value::text as value, status, requested_by, decided_by, decision_note from money_requests order by request_id',
      ),
    ).toEqual(before);
    expect(
      await db.rows(
        `select kind, subject_id = (payload->>'payment_id')::int as subject_is_payment, decision, reason, note from approval_requests order by request_id`,
      ),
    ).toEqual([
      { kind: 'void_payment', subject_is_payment: true, decision: 'approved', reason: 'คีย์ผิด RC-1', note: 'ตรวจแล้ว' },
      { kind: 'void_payment', subject_is_payment: true, decision: 'pending', reason: 'คีย์ผิด RC-2', note: '' },
    ]);
    const [{ max }] = await db.rows<{ max: number }>('select max(request_id)::int as max from approval_requests');
    const [{ id }] = await db.rows<{
      id: number;
    }>(`insert into approval_requests (kind, subject_id, branch_id, reason, requested_by)
      select 'void_payment', 999, branch_id, 'ใหม่', requested_by from approval_requests limit 1 returning request_id as id`);
    expect(id).toBe(max + 1);
    await db.close();
  });
});
