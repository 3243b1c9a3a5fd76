/** The vehicles module's public entry (no other module imports it). Kept small: its owners add to it. */
export { default as routes } from './routes.js';
