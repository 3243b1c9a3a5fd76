/**
 * When a browser test fails, what the server was doing: the requests still under way (a banner that never came may
 * be an answer that never came) and, on PostgreSQL, the database's sessions at work (a lock waited on) — printed beside the failure, so a failure on the CI machine can be read from its log.
 */
import { afterEach } from 'vitest';
import { databaseActivity, requestsUnderWay } from './harness.js';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const running = requestsUnderWay();
  console.warn(`[${ctx.task.name}] requests under way when it failed: ${running || 'none'}`);
  const db = await databaseActivity();
  if (db) console.warn(`[${ctx.task.name}] the database's sessions at work: ${db}`);
});
