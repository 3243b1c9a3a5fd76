/** The evaluations module's public entry: what other modules and the seeds use. Kept small: its owners add to it. */
import { onCourseChange, onCriterionChange } from '../catalog/index.js';
import { onRegistrationEnded } from '../applications/index.js';
import { recompleteCourseLines, recountCriterionLines, registrationCancelled } from './training.js';

export { default as routes } from './routes.js';
export { evaluationSettingsOf } from './repo.js';
export { refreshLineTraining } from './training.js';
export { recordEvaluation } from './record.js';

// the evaluation list's stored count of passed criteria follows a criterion's active flag, type and deletion
onCriterionChange(recountCriterionLines);
// and its "training complete" flag the course's hours; its counts leave out a cancelled registration's lines
onCourseChange(recompleteCourseLines);
onRegistrationEnded((tx, _actor, _app, lineIds) => registrationCancelled(tx, lineIds));
