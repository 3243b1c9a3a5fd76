/**
 * Each exam attempt says whether it is its course line's first result of its part (exam_attempts.first_result, which
 * the owner's dashboard counts): the migration marks the attempts already there, and from then on the database keeps
 * the flags through a result recorded, changed or undone, an attempt moved to another session or removed, a session's
 * date changed and a bulk insert. On PostgreSQL, a result recorded while an earlier one of the same student is undone
 * at the same moment leaves exactly one first result (PGlite runs one transaction at a time and would hide it).
 */
import { describe, expect, it } from 'vitest';
import { FIRST_RESULT_VIOLATIONS_SQL } from '../../src/modules/exams/repo.js';
import { databaseBefore, type MigrationDb } from '../migrations.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Sessions 1–6 of branch T1 (theory on the 1st, 5th and 9th of November, practical on the 5th, a second theory
 * session on the 5th, theory on the 12th), rows alone. */
async function sessions(db: MigrationDb) {
  await db.exec(`
    set session_replication_role = replica;
    insert into branches (code, name) values ('T1', 'หนึ่ง');
    insert into exam_sessions (branch_id, exam_date, kind, course_type, capacity, created_by)
      select (select branch_id from branches where code = 'T1'), d::date, k, 'รถยนต์', 50, 1
      from (values ('2026-11-01', 'theory'), ('2026-11-05', 'theory'), ('2026-11-09', 'theory'), ('2026-11-05', 'practical'),
        ('2026-11-05', 'theory'), ('2026-11-12', 'theory')) v(d, k);
    set session_replication_role = origin;`);
}

/** An attempt of line `line` in session `session` (its part is the session's): its id. */
async function attempt(db: MigrationDb, line: number, session: number, status: string) {
  const [r] = await db.rows<{ id: number }>(`
    insert into exam_attempts (session_id, line_id, application_id, customer_id, branch_id, status, kind, booked_by)
    select ${session}, ${line}, ${line}, ${line}, s.branch_id, '${status}', s.kind, 1 from exam_sessions s
    where s.session_id = ${session} returning attempt_id as id`);
  return r!.id;
}

/** The migrated scratch database keeps attempts without their registrations: their foreign keys are dropped. */
const withoutForeignKeys = (db: MigrationDb) =>
  db.exec(`do $$ declare c text; begin
    for c in select conname from pg_constraint where conrelid = 'exam_attempts'::regclass and contype = 'f' loop
      execute format('alter table exam_attempts drop constraint %I', c);
    end loop; end $$`);

const firsts = async (db: MigrationDb) =>
  (await db.rows<{ id: number }>(`select attempt_id as id from exam_attempts where first_result order by 1`)).map(
    (r) => r.id,
  );

describe('first results', () => {
  it('the migration marks the results already there; then a result, a change, an undo, a move, a new date, a removal', async () => {
    const db = await databaseBefore('_exam_first_results');
    await sessions(db);
    // before the migration (no triggers yet): line 1 failed on the 1st, passed on the 5th; line 2 absent on the 1st,
    // failed on the 5th; line 3's two results on one day (the 5th): the lower attempt is first; line 1's practical
    await db.exec('set session_replication_role = replica');
    const l1a = await attempt(db, 1, 1, 'failed');
    const l1b = await attempt(db, 1, 2, 'passed');
    await attempt(db, 2, 1, 'absent');
    const l2b = await attempt(db, 2, 2, 'failed');
    const l3b = await attempt(db, 3, 5, 'passed');
    const l3a = await attempt(db, 3, 2, 'failed');
    const l1p = await attempt(db, 1, 4, 'passed');
    await db.exec('set session_replication_role = origin');
    await db.migrateAll();
    await withoutForeignKeys(db);
    expect(await firsts(db)).toEqual([l1a, l2b, l3b, l1p].sort((a, b) => a - b));
    expect(await db.rows(FIRST_RESULT_VIOLATIONS_SQL)).toEqual([]);

    // a new booking is no result; its result on the 9th is not the first either
    const l2c = await attempt(db, 2, 3, 'booked');
    await db.exec(`update exam_attempts set status = 'passed' where attempt_id = ${l2c}`);
    expect(await firsts(db)).toEqual([l1a, l2b, l3b, l1p].sort((a, b) => a - b));
    // line 1's first result undone (re-recorded as absent): the pass on the 5th becomes the first
    await db.exec(`update exam_attempts set status = 'absent' where attempt_id = ${l1a}`);
    // line 2's failure on the 5th moved to the 12th: the pass on the 9th becomes the first
    await db.exec(`update exam_attempts set session_id = 6 where attempt_id = ${l2b}`);
    // line 3's first removed: the other result of the same day
    await db.exec(`delete from exam_attempts where attempt_id = ${l3b}`);
    expect(await firsts(db)).toEqual([l1b, l2c, l3a, l1p].sort((a, b) => a - b));
    // the 12th's session moved to 31 October puts line 2's failure first again; line 1's result restored
    await db.exec(`update exam_sessions set exam_date = '2026-10-31' where session_id = 6`);
    await db.exec(`update exam_attempts set status = 'failed' where attempt_id = ${l1a}`);
    expect(await firsts(db)).toEqual([l1a, l2b, l3a, l1p].sort((a, b) => a - b));
    expect(await db.rows(FIRST_RESULT_VIOLATIONS_SQL)).toEqual([]);

    // a bulk insert of results for 1,500 lines (over the per-line locks' bound: the table is locked instead)
    await db.exec(`
      insert into exam_attempts (session_id, line_id, application_id, customer_id, branch_id, status, kind, booked_by)
      select s.session_id, 1000 + n, 1000 + n, 1000 + n, s.branch_id, case when n % 3 = 0 then 'passed' else 'failed' end,
        s.kind, 1
      from generate_series(1, 1500) n, exam_sessions s where s.session_id in (1, 2)`);
    expect(
      (
        await db.rows<{ n: number }>(
          `select count(*)::int as n from exam_attempts where first_result and line_id > 1000`,
        )
      )[0]!.n,
    ).toBe(1500);
    expect(await db.rows(FIRST_RESULT_VIOLATIONS_SQL)).toEqual([]);
    await db.close();
  });

  it.skipIf(!onPostgres)(
    'a result recorded while the same student’s earlier result is undone, 3 rounds of 20 students: one first result each',
    async () => {
      const db = await databaseBefore('_exam_first_results');
      await sessions(db);
      await db.migrateAll();
      await withoutForeignKeys(db);
      for (let round = 0; round < 3; round++) {
        const earlier: number[] = [];
        const later: number[] = [];
        for (let i = 0; i < 20; i++) {
          const line = round * 100 + i + 1;
          earlier.push(await attempt(db, line, 1, 'failed'));
          later.push(await attempt(db, line, 2, 'booked'));
        }
        // the undo holds its transaction open while the results of the 5th are recorded on another connection
        await Promise.all([
          db.exec(`begin; update exam_attempts set status = 'absent' where attempt_id in (${earlier.join(',')});
          select pg_sleep(0.3); commit;`),
          new Promise((r) => setTimeout(r, 100)).then(() =>
            db.exec(
              `begin; update exam_attempts set status = 'failed' where attempt_id in (${later.join(',')}); commit;`,
            ),
          ),
        ]);
        expect(await db.rows(FIRST_RESULT_VIOLATIONS_SQL), `round ${round}`).toEqual([]);
        const flagged = await db.rows<{ id: number }>(
          `select attempt_id as id from exam_attempts where first_result and attempt_id in (${later.join(',')})`,
        );
        expect(flagged.length, `round ${round}`).toBe(20);
      }
      await db.close();
    },
  );
});
