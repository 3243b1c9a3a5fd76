/** The settings module's public entry: what other modules use. */
export { default as routes } from './routes.js';
export { getSettings } from './repo.js';
