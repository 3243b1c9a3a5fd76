export * from './common.js';
export * from './labels.js';
