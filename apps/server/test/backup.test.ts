import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';

const script = path.resolve(__dirname, '../scripts/backup.ts');
const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');

describe.skipIf(!!process.env.DATABASE_URL)('PGlite backup and restore (npm run backup)', () => {
  it('backs a data folder up and restores it into an empty one, refusing to overwrite', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'khabkhi-bk-'));
    const a = path.join(tmp, 'a'),
      b = path.join(tmp, 'b'),
      file = path.join(tmp, 'backup.tar.gz');
    fs.mkdirSync(path.join(a, 'pglite'), { recursive: true });
    const db = new PGlite(path.join(a, 'pglite'));
    await db.query(`create table t (note text)`);
    await db.query(`insert into t values ('ใบเสร็จรับเงิน')`);
    await db.close();
    const env = { ...process.env, DATABASE_URL: '' };
    execFileSync(tsx, [script, 'backup', file], { env: { ...env, DATA_DIR: a }, timeout: 60_000 });
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    execFileSync(tsx, [script, 'restore', file], { env: { ...env, DATA_DIR: b }, timeout: 60_000 });
    const restored = new PGlite(path.join(b, 'pglite'));
    expect((await restored.query<{ note: string }>('select note from t')).rows).toEqual([{ note: 'ใบเสร็จรับเงิน' }]);
    await restored.close();
    expect(() =>
      execFileSync(tsx, [script, 'restore', file], { env: { ...env, DATA_DIR: b }, timeout: 60_000, stdio: 'pipe' }),
    ).toThrow();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
