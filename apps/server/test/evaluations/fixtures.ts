/** What the evaluation tests share: recording a training session of a course line, dated today. */
import { todayBangkok } from '@khabkhi/thai';
import type { Client } from '../helpers.js';

/** evaluate/record as `client`, by `instructorId`, today; `b` adds the hours and levels (or overrides a field). */
export const sessionRecorder =
  (client: () => Client, instructorId: () => number) => (appId: number, lineId: number, b: Record<string, unknown>) =>
    client().post('/api/evaluate/record', {
      application_id: appId,
      line_id: lineId,
      date: todayBangkok(),
      instructor_id: instructorId(),
      ...b,
    });
