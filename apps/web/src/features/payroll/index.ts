export { default as PayrollList } from './PayrollList';
export { default as PayrollSheet } from './PayrollSheet';
export { default as PayrollReport } from './PayrollReport';
export { default as PayslipList } from './PayslipList';
export { default as PayrollHistory } from './PayrollHistory';
export { PayrollStaffList, PayrollStaffDetail } from './PayrollStaff';
