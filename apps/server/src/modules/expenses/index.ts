/** The expenses module's public entry: what the vehicles module uses. */
export { default as routes } from './routes.js';
export { vehicleExpenseTable } from './lists.js';
export { averageKmPerLiter, fuelFills } from './fuel.js';
export { onRenewal, type Renewal, type RenewalCheck } from './hooks.js';
