/**
 * The reminders' public entry (no other module imports it): its routes and the runner main.ts starts. It reads the
 * other modules' tables in repo.ts and the statutory deadlines through the compliance module's index.
 */
export { default as routes } from './routes.js';
export { startRunner } from './runner.js';
