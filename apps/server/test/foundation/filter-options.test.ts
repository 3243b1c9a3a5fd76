/**
 * Every list's dropdown choices are {name, value} pairs (the one option shape of the contract), with ทั้งหมด
 * first: a plain string here is what showed "undefined" in the status and type dropdowns and sent
 * ?status=undefined. The lists are read from the OpenAPI document, so a new list is checked the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let tables: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.call('GET', '/api/docs/json')).body as unknown as { paths: Record<string, { get?: unknown }> };
  tables = Object.entries(doc.paths)
    .filter(
      ([path, ops]) =>
        ops.get && !path.includes('{') && /gettable$|getfor(overdue|outstandingBalance|paymentHistory)$/.test(path),
    )
    .map(([path]) => path.replace(/^\/api/, ''));
});
afterAll(async () => {
  await t?.close();
});

describe('list filter options', () => {
  it('finds the lists in the OpenAPI document', () => {
    expect(tables).toEqual(
      expect.arrayContaining([
        '/application/gettable',
        '/request/gettable',
        '/course/gettable',
        '/promotion/gettable',
        '/list-expenses/gettable',
        '/payment/gettable',
        '/user/gettable',
        '/branch/gettable',
      ]),
    );
  });

  it('answers {name, value} pairs for every filter of every list, ทั้งหมด first, values usable in the query', async () => {
    const admin = await t.as('admin');
    for (const path of tables) {
      const r = await admin.get(`/api${path}`);
      expect(r.status, `${path}: ${r.body.message}`).toBe(200);
      const filter = (r.body as unknown as { filter: Record<string, unknown> }).filter;
      for (const [key, opts] of Object.entries(filter)) {
        if (!Array.isArray(opts)) continue; // e.g. the payment history's date range
        for (const o of opts) {
          expect(typeof o, `${path} filter.${key}: ${JSON.stringify(o)}`).toBe('object');
          expect(Object.keys(o as object).sort(), `${path} filter.${key}`).toEqual(['name', 'value']);
          const { name, value } = o as { name: unknown; value: unknown };
          expect(typeof name, `${path} filter.${key}`).toBe('string');
          expect(['string', 'number', 'boolean'], `${path} filter.${key}`).toContain(typeof value);
        }
        if (key !== 'type_discount' && opts.length)
          expect((opts[0] as { value: unknown }).value, `${path} filter.${key} starts with ทั้งหมด`).toBe('ทั้งหมด');
        // each value, sent back as the filter, is accepted
        for (const o of (opts as { value: string | number }[]).slice(0, 4)) {
          if (key === 'type_discount') continue;
          const back = await admin.get(`/api${path}`, { [key]: String(o.value) });
          expect(back.status, `${path}?${key}=${o.value}: ${back.body.message}`).toBe(200);
        }
      }
    }
  });
});
