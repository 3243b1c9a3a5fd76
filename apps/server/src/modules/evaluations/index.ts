/** The evaluations module's public entry: what other modules and the seeds use. Kept small: its owners add to it. */
import { onCriterionChange } from '../catalog/index.js';
import { recountCriterionLines } from './training.js';

export { default as routes } from './routes.js';
export { evaluationSettingsOf } from './repo.js';
export { refreshLineTraining } from './training.js';
export { recordEvaluation } from './record.js';

// the evaluation list's stored count of passed criteria follows a criterion's active flag, type and deletion
onCriterionChange(recountCriterionLines);
