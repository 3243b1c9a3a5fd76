/**
 * The approvals module's public entry: a feature registers its kind of request and files requests of it, or (a
 * kind decided from the feature's own screen, such as a payroll month) opens and decides them itself.
 */
export { default as routes } from './routes.js';
export { registerApprovalKind, type ApprovalKind, type ApprovalRow } from './kinds.js';
export { decideRequest, fileRequest, openRequest, pendingRequestOf, requestsOf } from './service.js';
