import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/http/bytes.js';

describe('an answer encoded to UTF-8 bytes', () => {
  const thai = 'ภาคทฤษฎี รถยนต์ (20/60) · สำนักงานใหญ่ ';
  const cases: [string, string][] = [
    ['empty', ''],
    ['short Thai (from the shared pool)', thai],
    ['just under the pooled size', 'a'.repeat(4095)],
    ['at the pooled size', 'a'.repeat(4096)],
    ['a large Thai answer', `{"events":[${`"${thai}",`.repeat(5000)}"end"]}`],
    [
      'ASCII, Thai and a character outside the BMP (a surrogate pair) mixed',
      `${'x'.repeat(3000)}${thai}😀${'ก'.repeat(3000)}`,
    ],
    ['a lone surrogate (written as U+FFFD, as Buffer.from does)', `${'y'.repeat(5000)}\ud800z`],
    ['above the one-pass limit', 'ข'.repeat((1 << 20) + 1)],
  ];
  it.each(cases)('%s: the same bytes as Buffer.from', (_, text) => {
    const bytes = utf8Bytes(text);
    expect(bytes.equals(Buffer.from(text))).toBe(true);
    expect(bytes.length).toBe(Buffer.byteLength(text));
    expect(bytes.toString('utf8')).toBe(text.replace('\ud800', '\ufffd'));
  });
});
