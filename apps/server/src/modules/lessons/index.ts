/** The lessons module's public entry: the timetable's routes, its documents' routes and what other modules may read of it. */
export { default as routes } from './routes.js';
export { default as documentRoutes } from './document-routes.js';
import { onRegistrationEnded } from '../applications/index.js';
import { onProposedItems } from '../payroll/index.js';
import { releaseEndedLessons } from './ended.js';
import { payProposals } from './pay.js';

export { bangkokInstant, bangkokClock, cancelIsLate, hoursPart } from './rules.js';

// the payroll sheet proposes each instructor's completed lesson hours as rate × hours lines (one per rate)
onProposedItems(payProposals);
// a registration ended by a refund or its cancellation gives back the lessons its lines still have booked
onRegistrationEnded(releaseEndedLessons);
