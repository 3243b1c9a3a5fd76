/** The lessons module's public entry: what other modules, the seeds and app.ts use. */
export { default as documentRoutes } from './document-routes.js';
