import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as thai from '../src/index.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Relative imports of a source file, resolved to file names in src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]);
  return specs.map((s) => {
    expect(s.startsWith('./'), `${file} imports ${s}`).toBe(true);
    return s.slice(2).replace(/\.js$/, '.ts');
  });
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...importsOf(f));
  }
  return seen;
}

describe('package layout', () => {
  it('the main entry never reaches the address data', () => {
    const reached = closure('index.ts');
    expect([...reached].sort()).toEqual([
      'bahttext.ts',
      'dates.ts',
      'index.ts',
      'money.ts',
      'nationalId.ts',
      'phone.ts',
      'promptpay.ts',
    ]);
  });

  it('the address entry carries its data', () => {
    expect([...closure('address.ts')].sort()).toEqual(['address-data.ts', 'address.ts']);
  });

  it('src has no node: or package imports (browser-safe)', () => {
    for (const file of readdirSync(SRC)) {
      const text = readFileSync(join(SRC, file), 'utf8');
      expect(text, file).not.toMatch(/from\s*['"](node:|[a-z@])/);
      expect(text, file).not.toMatch(/\bprocess\.|\brequire\(/);
    }
  });

  it('the main entry exports the documented API and nothing from address', () => {
    expect(Object.keys(thai).sort()).toEqual(
      [
        'BANGKOK_TIME_ZONE',
        'BE_OFFSET',
        'MAX_SATANG',
        'MONEY_PATTERN',
        'SIGNED_MONEY_PATTERN',
        'THAI_MONTHS',
        'THAI_MONTHS_SHORT',
        'THAI_WEEKDAYS',
        'THAI_WEEKDAYS_SHORT',
        'WEEKDAY_CODES',
        'addDays',
        'ageOn',
        'bahtText',
        'bahtTextFromString',
        'bangkokDate',
        'bangkokParts',
        'beYyyymmddToIso',
        'birthdayProblem',
        'buddhistYear',
        'formatPhone',
        'maskPhone',
        'parseBeTyped',
        'phoneDigits',
        'phoneSearchDigits',
        'crc16CcittFalse',
        'crc16Hex',
        'daysBetween',
        'formatBaht',
        'formatNationalId',
        'formatThaiDate',
        'formatThaiDateLong',
        'formatThaiDateTime',
        'formatThaiTime',
        'fromSatang',
        'isIsoDate',
        'isMoneyString',
        'isPromptPayId',
        'isSignedMoneyString',
        'isValidThaiNationalId',
        'makeThaiNationalId',
        'mulSatang',
        'normalizeNationalId',
        'parseMoney',
        'parsePromptPayId',
        'percentOf',
        'promptPayPayload',
        'sumSatang',
        'thaiNationalIdCheckDigit',
        'thaiNumberWords',
        'toBuddhistYear',
        'toCommonEraYear',
        'toSatang',
        'todayBangkok',
        'weekdayOf',
      ].sort(),
    );
  });

  it('package.json exposes both entries', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8'));
    expect(pkg.name).toBe('@khabkhi/thai');
    expect(pkg.exports).toEqual({ '.': './src/index.ts', './address': './src/address.ts' });
  });
});
