/** The lessons module's public entry: the timetable's routes and what other modules may read of it. */
export { default as routes } from './routes.js';
export { bangkokInstant, bangkokClock, cancelIsLate, hoursPart } from './rules.js';
