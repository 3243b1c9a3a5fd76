// @khabkhi/thai — pure helpers shared by server, web and PDFs.
// The address data set is NOT re-exported here: import '@khabkhi/thai/address'
// (lazily, with a dynamic import in the browser).
export * from './money.js';
export * from './bahttext.js';
export * from './dates.js';
export * from './nationalId.js';
export * from './promptpay.js';
export * from './phone.js';
