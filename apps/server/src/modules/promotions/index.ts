/** The promotions module's public entry: the promotion code check the registration runs. */
export { checkPromotion } from './check.js';
