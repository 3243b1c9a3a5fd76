/** The catalog module's public entry: what other modules and the seeds use. */
export { default as routes } from './routes.js';
export { emptyCatalogHint, offeredAt, offeredAtSql, offeredCatalog, priceAt } from './offer.js';
export { courseTypeMinAges } from './repo.js';
export { EVALUATE_CATEGORIES } from './options.js';
export { onCourseChange, onCriterionChange, type CourseChangeHook, type CriterionChangeHook } from './hooks.js';
