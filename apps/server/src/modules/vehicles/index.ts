/** The vehicles module's public entry (no other module imports it). Kept small: its owners add to it. */
import { onRenewal } from '../expenses/index.js';
import { checkTaxRenewal } from './renewal.js';

export { default as routes } from './routes.js';

// a tax renewal recorded as an expense passes the fleet's dated rules, in the expense's transaction
onRenewal(checkTaxRenewal);
// the cockpit's vehicle tile: the reminders list itself and the days it looks ahead
export { reminders } from './service.js';
export { rulesOn } from './rules.js';
