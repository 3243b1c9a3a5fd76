// @vitest-environment jsdom
/**
 * ListPage's dropdown filters: each one reads its value from the URL, writes the user's choice back to the URL and
 * sends the matching query; dropdowns show the {name, value} options by name.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, lastLocation, lastQuery, mount, optionTexts, installListHarness } from './listPageHarness';

installListHarness();

describe('ListPage select filters', () => {
  it('reads the URL, shows {name, value} options by name, writes the value to the URL and sends it', async () => {
    mount({ filters: ['branch', 'status', 'user', 'list_expenses'] }, '/list?status=approved');
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'approved', page: '1', per_page: '10' });
    expect(lastQuery()).not.toHaveProperty('branch');
    // the chosen status shows its Thai name, not its value
    expect(screen.getByRole('combobox', { name: 'สถานะ' }).closest('.ant-select')!.textContent).toContain('อนุมัติแล้ว');

    expect(await optionTexts('สถานะ')).toEqual(['ทั้งหมด', 'รออนุมัติ', 'อนุมัติแล้ว']);
    await choose('สถานะ', 'รออนุมัติ');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'pending' }));
    expect(new URLSearchParams(lastLocation()).get('status')).toBe('pending');
  });

  it('branch, user and list_expenses dropdowns write and send their values (ทั้งหมด added when left out)', async () => {
    mount({ filters: ['branch', 'status', 'user', 'list_expenses'] }, '/list?status=pending');
    await screen.findByText('นายสมชาย ใจดี');
    await choose('สาขา', 'สาขาบางนา');
    await waitFor(() => expect(lastQuery()).toMatchObject({ branch: '2', status: 'pending' }));

    // user and list_expenses: ทั้งหมด is added when the server leaves it out
    await choose('พนักงาน', 'สุดา');
    await waitFor(() => expect(lastQuery()).toMatchObject({ user: '8' }));
    expect(await optionTexts('รายการค่าใช้จ่าย')).toEqual(['ทั้งหมด', 'ค่าน้ำมัน']);
    await choose('รายการค่าใช้จ่าย', 'ค่าน้ำมัน');
    await waitFor(() => expect(lastQuery()).toMatchObject({ list_expenses: '31' }));
    expect(Object.fromEntries(new URLSearchParams(lastLocation()))).toEqual({
      status: 'pending',
      branch: '2',
      user: '8',
      list_expenses: '31',
    });
  });

  it('back to ทั้งหมด: the parameter leaves the URL and the query', async () => {
    mount({ filters: ['status'] }, '/list?status=pending');
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'pending' });
    await choose('สถานะ', 'ทั้งหมด');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('status'));
    expect(new URLSearchParams(lastLocation()).has('status')).toBe(false);
  });

  it('a filter whose default is not ทั้งหมด sends its default, and ทั้งหมด explicitly when chosen', async () => {
    mount({ filters: ['status'], filterDefaults: { status: 'pending' } });
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'pending' });
    await choose('สถานะ', 'ทั้งหมด');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'ทั้งหมด' }));
    expect(new URLSearchParams(lastLocation()).get('status')).toBe('ทั้งหมด');
  });
});
