/** The compliance calendar's public entry (no other module imports it; it reads the others' tables in repo.ts). */
export { default as routes } from './routes.js';
