/** The compliance calendar's public entry: its routes, and the statutory deadlines the reminders read. */
export { default as routes } from './routes.js';
export { deadlinesBetween } from './deadlines.js';
