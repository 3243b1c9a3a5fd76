/**
 * The test harness's seeded copies on PostgreSQL: several test files finishing their copy of the same seed at the same
 * instant each try to rename it to the template's name; exactly one wins, the others drop theirs, none fails.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { renameOrDiscard } from './seeded-database.js';

const baseUrl = process.env.DATABASE_URL?.trim();

describe.skipIf(!baseUrl)('seeded test databases on PostgreSQL', () => {
  it('8 copies renamed to one template name at once: one becomes the template, 7 are dropped, no error', async () => {
    const tag = randomBytes(3).toString('hex');
    const template = `khabkhi_race_${tag}`;
    const copies = Array.from({ length: 8 }, (_, i) => `${template}_b${i}`);
    const clients = await Promise.all(
      copies.map(async () => {
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        return c;
      }),
    );
    try {
      for (const name of copies) await clients[0]!.query(`create database ${name}`);
      for (let round = 0; round < 3; round++) {
        if (round > 0) {
          await clients[0]!.query(`drop database if exists ${template}`);
          for (const name of copies) await clients[0]!.query(`create database ${name}`);
        }
        const won = await Promise.all(copies.map((name, i) => renameOrDiscard(clients[i]!, name, template)));
        expect(won.filter(Boolean)).toHaveLength(1);
        const left = await clients[0]!.query<{ datname: string }>(
          `select datname from pg_database where datname like $1 order by datname`,
          [`khabkhi\\_race\\_${tag}%`],
        );
        expect(left.rows.map((r) => r.datname)).toEqual([template]);
      }
    } finally {
      await clients[0]!.query(`drop database if exists ${template}`);
      for (const name of copies) await clients[0]!.query(`drop database if exists ${name}`);
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
