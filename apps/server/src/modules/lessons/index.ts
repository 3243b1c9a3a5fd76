/** The lessons module's public entry: the timetable's routes, its documents' routes and what other modules may read of it. */
export { default as routes } from './routes.js';
export { default as documentRoutes } from './document-routes.js';
export { bangkokInstant, bangkokClock, cancelIsLate, hoursPart } from './rules.js';
