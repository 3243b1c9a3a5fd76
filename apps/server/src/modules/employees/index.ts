/** The employees module's public entry: what other modules use. */
export { default as routes } from './routes.js';
export { staffOf } from './staff.js';
