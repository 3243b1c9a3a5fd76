/** The lessons' pure rules: the free-cancellation boundary, charging, the hours arithmetic, Bangkok times. */
import { describe, expect, it } from 'vitest';
import {
  bangkokClock,
  bangkokInstant,
  cancelIsLate,
  checkTimes,
  hoursPart,
  hoursText,
  lessonPayOf,
  paidPercent,
  weekdayIndex,
} from '../../src/modules/lessons/rules.js';

const day = { day_start: '07:00', day_end: '20:00', max_practice_minutes: 240, max_class_minutes: 420 };

describe('cancellation charge', () => {
  const start = bangkokInstant('2026-12-03', '09:00');
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3600_000);
  it('a student cancelling exactly free_cancel_hours before the start is free; one millisecond later is charged', () => {
    expect(cancelIsLate('student', start, hoursBefore(24), 24)).toBe(false);
    expect(cancelIsLate('student', start, new Date(hoursBefore(24).getTime() + 1), 24)).toBe(true);
    expect(cancelIsLate('student', start, hoursBefore(48), 24)).toBe(false);
    expect(cancelIsLate('student', start, hoursBefore(1), 24)).toBe(true);
    // after the start (a lesson in the past) is late too
    expect(cancelIsLate('student', start, new Date(start.getTime() + 3600_000), 24)).toBe(true);
  });
  it('the school never pays: its cancellation is free whatever the notice', () => {
    expect(cancelIsLate('school', start, hoursBefore(0.5), 24)).toBe(false);
  });
  it('a notice of 0 hours: only a cancellation after the start is charged', () => {
    expect(cancelIsLate('student', start, start, 0)).toBe(false);
    expect(cancelIsLate('student', start, new Date(start.getTime() + 1), 0)).toBe(true);
  });
});

describe('hours ledger', () => {
  it('remaining = included + extra − booked − delivered − charged', () => {
    const p = hoursPart({ included: 600, extra: 120, booked: 60, delivered: 240, charged: 90, recorded: 180 });
    expect(p.remaining).toBe(330);
    expect(p.recorded).toBe(180); // history is shown apart, never subtracted
  });
  it('a package used up exactly leaves 0; an over-used one goes below 0 (shown as such)', () => {
    expect(hoursPart({ included: 300, extra: 0, booked: 0, delivered: 300, charged: 0, recorded: 0 }).remaining).toBe(
      0,
    );
    expect(hoursPart({ included: 300, extra: 0, booked: 60, delivered: 300, charged: 0, recorded: 0 }).remaining).toBe(
      -60,
    );
  });
  it('the paid share: a free registration has paid all of it', () => {
    expect(paidPercent(325000, 650000)).toBe(50);
    expect(paidPercent(0, 0)).toBe(100);
  });
  it('hours in Thai', () => {
    expect(hoursText(90)).toBe('1 ชั่วโมง 30 นาที');
    expect(hoursText(120)).toBe('2 ชั่วโมง');
    expect(hoursText(45)).toBe('45 นาที');
  });
});

describe('time rules', () => {
  it('end after start, inside the school day, not longer than the longest lesson; any minute is allowed', () => {
    expect(checkTimes(day, 'practice', '09:00', '10:00')).toEqual({ minutes: 60 });
    expect(checkTimes(day, 'practice', '09:07', '10:20')).toEqual({ minutes: 73 });
    expect(checkTimes(day, 'practice', '10:00', '09:00')).toHaveProperty('error');
    expect(checkTimes(day, 'practice', '10:00', '10:00')).toHaveProperty('error');
    expect(checkTimes(day, 'practice', '06:30', '08:00')).toHaveProperty('error');
    expect(checkTimes(day, 'practice', '19:00', '20:30')).toHaveProperty('error');
    expect(checkTimes(day, 'practice', '08:00', '12:00')).toEqual({ minutes: 240 });
    expect(checkTimes(day, 'practice', '08:00', '12:01')).toHaveProperty('error');
    expect(checkTimes(day, 'class', '08:00', '15:00')).toEqual({ minutes: 420 });
  });
  it('Bangkok wall clock ↔ instant (UTC+7), weekday 0 = Sunday', () => {
    const at = bangkokInstant('2026-12-03', '00:30');
    expect(at.toISOString()).toBe('2026-12-02T17:30:00.000Z');
    expect(bangkokClock(at)).toEqual({ date: '2026-12-03', time: '00:30' });
    expect(weekdayIndex('2026-11-22')).toBe(0);
    expect(weekdayIndex('2026-11-28')).toBe(6);
  });
});

describe('instructor pay of lesson minutes (as the payroll sheet computes rate × hours)', () => {
  it('3 hours at 150 = 450.00; 2 hours at 200 = 400.00; 50 minutes at 155.55 = 0.83 h → 129.11', () => {
    expect(lessonPayOf(15000, 180)).toEqual({ hundredths: 300, amount: 45000 });
    expect(lessonPayOf(20000, 120)).toEqual({ hundredths: 200, amount: 40000 });
    // hours to 2 decimals first, then the amount half-up to the satang: 15555 × 83 / 100 = 12910.65 → 12911
    expect(lessonPayOf(15555, 50)).toEqual({ hundredths: 83, amount: 12911 });
    expect(lessonPayOf(15000, 0)).toEqual({ hundredths: 0, amount: 0 });
  });
});
