/** The applications module's public entry: what other modules and the seeds use (see docs: module dependencies). */
export { default as routes } from './routes.js';
export { createApplication, type CreateInput } from './create.js';
export { payBalance, type PaymentInput } from './pay.js';
export { getApplicationDetail } from './detail.js';
export { applicationPageWhere, applicationSummary, listFilterOptions, listWhere, resolveText } from './lists.js';
export {
  applicationIdsMatching,
  listQueryOf,
  pageIdsSql,
  placeholders,
  textMatchOf,
  textMatchSql,
  type ListFilter,
  type ListShape,
  type TextMatchKind,
} from './list-where.js';
export {
  applyVoid,
  assertDayOpen,
  dayLockSql,
  lockApplication,
  owingByDefault,
  PAY_TYPE_LABEL,
  recordRefund,
  STATUS_LIST,
  type PayType,
} from './money.js';
export { receiptLink, transferText } from './documents.js';
export {
  onCourseLinesCreated,
  onRegistrationEnded,
  type CourseLinesHook,
  type RegistrationEndedHook,
} from './hooks.js';
