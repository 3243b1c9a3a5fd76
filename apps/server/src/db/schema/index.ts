export * from './core.js';
export * from './catalog.js';
export * from './money.js';
