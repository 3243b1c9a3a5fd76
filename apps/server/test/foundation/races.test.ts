import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('the same branch code created by several requests at once: one wins, the others get a Thai 409, never a 500', async () => {
  const admin = await t.as('admin');
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => admin.post('/api/branch/create', { code: 'RACE1', name: `สาขาแข่ง ${i}` })),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of results.filter((x) => x.status !== 200)) {
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/[ก-๙]/);
  }
});
