/**
 * What the application lists fetch (their ListSource), apart from their columns and UI: the registry
 * gives it to the route, which fetches the first page while the list's code is still loading.
 */
import type { ListSource } from '../../components/listQuery';

const filters: ListSource = {
  endpoint: '',
  filters: ['branch', 'status', 'type'],
  filterLabels: { type: 'ประเภทหลักสูตร' },
};

/** the registration list also by registration date (the dashboard's new registrations open it with their days) */
export const applicationListSource: ListSource = {
  ...filters,
  endpoint: '/application/gettable',
  dateRange: { start: '', end: '', label: 'วันที่สมัคร' },
};
export const payBalanceListSource: ListSource = {
  ...filters,
  endpoint: '/application/getforoutstandingBalance',
  filterDefaults: { status: 'ค้างชำระ' },
};
