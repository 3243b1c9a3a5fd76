/** Payroll's operations for callers outside its routes (the demo seed, the benchmark). */
export { saveSheet } from './save.js';
export { approve, confirm, reopen, submit } from './workflow.js';
