/** The exams module's public entry: what other modules and the seeds use. Kept small: the exams' owners add to it. */
import { onCourseLinesCreated, onRegistrationEnded } from '../applications/index.js';
import { releaseEndedSeats } from './book.js';
import { openPermissions } from './repo.js';

export { default as routes } from './routes.js';
export { assertRegistrationLive } from './book.js';
export { examKindsOf, lineAttempts, liveLineCount, permissionsFrom, refreshPassed } from './repo.js';

// a registration's course lines get their exam permissions in its transaction
onCourseLinesCreated(openPermissions);
// a registration ended by a refund or its cancellation gives back the seats its lines hold, in the same transaction
onRegistrationEnded(releaseEndedSeats);
