/** The auth module's public entry: what the employees module uses. */
export { default as routes } from './routes.js';
export { revokeAllSessions, userData } from './service.js';
