import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

it('each branch counts its own active employees', async () => {
  const admin = await t.as('admin');
  const rows = (await admin.get('/api/branch/gettable')).body.data as { code: string; employees: number; branch_id: number }[];
  const by = Object.fromEntries(rows.map((r) => [r.code, r.employees]));
  expect(by).toMatchObject({ HQ: 5, BKN: 3, CNX: 3 }); // admin + 4 HQ staff; 3 each at the branches
  const one = await admin.get(`/api/branch/get/${rows.find((r) => r.code === 'BKN')!.branch_id}`);
  expect(one.body.data.employees).toBe(3);
});
