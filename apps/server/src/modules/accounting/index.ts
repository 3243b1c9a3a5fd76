/** The accounting module's public entry (no other module imports it). */
export { default as routes } from './routes.js';
