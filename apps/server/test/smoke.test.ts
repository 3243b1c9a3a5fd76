import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers the envelope with the database reachable', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
  });
  it('admin logs in', async () => {
    const c = await t.as('admin');
    expect(c.userData.username).toBe('admin');
  });
});
