/** The cockpit's public entry (no other module imports it; it reads the others through their index.ts). */
export { default as routes } from './routes.js';
