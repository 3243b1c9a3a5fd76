/** The approvals module's public entry: a feature registers its kind of request and files requests of it. */
export { default as routes } from './routes.js';
export { registerApprovalKind, type ApprovalKind, type ApprovalRow } from './kinds.js';
export { decideRequest, fileRequest, openRequest, pendingRequestOf, requestsOf } from './service.js';
