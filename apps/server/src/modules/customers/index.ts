/** The customers module's public entry: what other modules use. */
export { default as routes } from './routes.js';
export { customerApi, formatAddress, fullName, upsertCustomer } from './service.js';
export { CustomerInput } from './schemas.js';
