import type { Conn } from '../../db/connection.js';

/**
 * What a higher module does, in the catalog's transaction, when an evaluation criterion changes (its active flag,
 * type or deletion): the evaluations module keeps its stored counts of passed criteria with it. The catalog does not
 * import the modules above it; they register here when they load (modules/index.ts loads every module's index.ts).
 */
export type CriterionChangeHook = (tx: Conn, evaluateId: number) => Promise<void>;

const criterionHooks = new Set<CriterionChangeHook>();

export function onCriterionChange(hook: CriterionChangeHook) {
  criterionHooks.add(hook);
}

/** Runs every registered hook for a changed criterion (the catalog list's afterChange). */
export async function criterionChanged(tx: Conn, evaluateId: number) {
  for (const hook of criterionHooks) await hook(tx, evaluateId);
}
