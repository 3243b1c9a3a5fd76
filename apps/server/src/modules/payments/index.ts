/** The payments module's public entry: what the seeds use. */
export { default as routes } from './routes.js';
export { voidPayment } from './void.js';
