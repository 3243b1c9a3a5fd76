import type { Conn } from '../../db/connection.js';
import { hookList } from '../../lib/hooks.js';

/**
 * What a higher module does, in the catalog's transaction, when an evaluation criterion changes (its active flag,
 * type or deletion): the evaluations module keeps its stored counts of passed criteria with it. The catalog does not
 * import the modules above it; they register here when they load (modules/index.ts loads every module's index.ts).
 */
export type CriterionChangeHook = (tx: Conn, evaluateId: number) => Promise<void>;

const criterionHooks = hookList<Parameters<CriterionChangeHook>>();

export const onCriterionChange = criterionHooks.add;

/** Runs every registered hook for a changed criterion (the catalog list's afterChange). */
export const criterionChanged = criterionHooks.run;

/**
 * What a higher module does, in the catalog's transaction, when a course is created, changed or deleted (its theory
 * or practice hours): the evaluations module keeps its lines' stored "training complete" flag with it.
 */
export type CourseChangeHook = (tx: Conn, courseId: number) => Promise<void>;

const courseHooks = hookList<Parameters<CourseChangeHook>>();

export const onCourseChange = courseHooks.add;

/** Runs every registered hook for a changed course (the catalog list's afterChange). */
export const courseChanged = courseHooks.run;
