import { describe, expect, it } from 'vitest';
import { ceYearOffer, parseBuddhistText } from '../src/components/beDate';

describe('ThaiDatePicker typed dates', () => {
  it('reads a Buddhist year back as Common Era', () => {
    expect(parseBuddhistText('15/03/2545', ['DD/MM/BBBB'])?.format('YYYY-MM-DD')).toBe('2002-03-15');
    expect(parseBuddhistText('22/11/2569', ['DD/MM/BBBB'])?.format('YYYY-MM-DD')).toBe('2026-11-22');
  });

  it('does not take 15/03/2002 as ค.ศ. 1459 (an age of 567): it offers 15/03/2545 instead', () => {
    expect(parseBuddhistText('15/03/2002', ['DD/MM/BBBB'])).toBeNull();
    expect(ceYearOffer('15/03/2002')).toEqual({ ceYear: 2002, iso: '2002-03-15', text: '15/03/2545' });
    expect(ceYearOffer('15/03/2545')).toBeNull();
    expect(ceYearOffer('15/03/20')).toBeNull();
  });
});
