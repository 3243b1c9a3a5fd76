/** applicationfee/gettable answers an other-fee application's id and number in SPEC §3's names. */
import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

it('applicationfee/gettable rows carry application_other_fee_id and application_other_fee_code', async () => {
  const malee = await t.as('malee');
  const fee = await malee.post('/api/applicationfee/create', {
    customer: customer(),
    other_fees: [{ other_fee_id: cat.medical }],
    payment: null,
  });
  expect(fee.status, fee.body.message).toBe(200);
  const a = fee.body.data.application;
  const list = await malee.get('/api/applicationfee/gettable', { status: 'ทั้งหมด' });
  expect(list.status, list.body.message).toBe(200);
  const row = list.body.data.find((r: { application_id: number }) => r.application_id === a.application_id);
  expect(row).toMatchObject({
    application_other_fee_id: a.application_id,
    application_other_fee_code: a.application_code,
  });
});
