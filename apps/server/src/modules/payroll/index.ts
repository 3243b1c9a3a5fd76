/** The payroll module's public entry: its routes, and where the modules above it propose lines (lessons' pay). */
export { default as routes } from './routes.js';
export { onProposedItems, type ProposedItem } from './proposals.js';
