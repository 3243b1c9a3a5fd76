/**
 * Verified tokens are remembered only while they are valid: a remembered token stops being accepted at its own exp,
 * a changed byte or another audience is verified afresh (and refused), and the memory is bounded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from '../../src/http/jwt.js';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret-0123');
afterEach(() => vi.useRealTimers());

describe('verified tokens', () => {
  it('a remembered token is refused once its exp has passed', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    const token = signToken(secret, 'api', 60, { sub: '7' });
    const first = verifyToken(secret, 'api', token);
    expect(first).toMatchObject({ sub: '7', aud: 'api' });
    expect(verifyToken(secret, 'api', token)).toBe(first); // the second use is the remembered claims
    vi.setSystemTime(new Date('2026-11-26T10:00:59Z'));
    expect(verifyToken(secret, 'api', token)).toBe(first);
    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    expect(verifyToken(secret, 'api', token)).toBeNull();
    vi.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    expect(verifyToken(secret, 'api', token)).toBeNull(); // and stays refused once forgotten
  });

  it('a changed byte, another audience or another secret is verified afresh and refused', () => {
    const token = signToken(secret, 'api', 600, { sub: '8' });
    expect(verifyToken(secret, 'api', token)).not.toBeNull();
    const [head, body, sig] = token.split('.');
    const tampered = [head, body, `${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`].join('.');
    expect(verifyToken(secret, 'api', tampered)).toBeNull();
    const otherBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(verifyToken(secret, 'api', [head, otherBody, sig].join('.'))).toBeNull();
    expect(verifyToken(secret, 'documents', token)).toBeNull();
    expect(verifyToken(new TextEncoder().encode('another-secret-another-secret-0123456789'), 'api', token)).toBeNull();
    expect(verifyToken(secret, 'api', token)).toMatchObject({ sub: '8' });
  });

  it('the claims handed out cannot be changed for the next request', () => {
    const token = signToken(secret, 'api', 600, { sub: '9' });
    const claims = verifyToken(secret, 'api', token)!;
    expect(() => {
      claims.sub = '1';
    }).toThrow();
    expect(verifyToken(secret, 'api', token)).toMatchObject({ sub: '9' });
  });

  it('at most 10,000 tokens are remembered: the oldest is verified again', () => {
    const oldest = signToken(secret, 'bounded', 600, { sub: '0' });
    const first = verifyToken(secret, 'bounded', oldest);
    for (let i = 1; i <= 10_000; i++)
      verifyToken(secret, 'bounded', signToken(secret, 'bounded', 600, { sub: String(i) }));
    const again = verifyToken(secret, 'bounded', oldest);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
