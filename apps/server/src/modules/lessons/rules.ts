/**
 * The lessons' pure rules: Bangkok wall-clock times and instants, the school day and the longest lesson, the charge of
 * a cancellation or a no-show, and the hours ledger of a course line. No database here: unit-tested with exact numbers.
 */
import { formatThaiDate } from '@khabkhi/thai';

/** Bangkok keeps UTC+7 all year (no daylight saving): a wall-clock time of a Bangkok day is one instant. */
export function bangkokInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+07:00`);
}

/** An instant's Bangkok day and clock time ({ date: 'YYYY-MM-DD', time: 'HH:MM' }). */
export function bangkokClock(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Weekday of a CE date, 0 = Sunday … 6 = Saturday (instructor_hours.weekday). */
export function weekdayIndex(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export const WEEKDAY_NAMES = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'];

/** 'HH:MM' → minutes after midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface DayRules {
  day_start: string;
  day_end: string;
  max_practice_minutes: number;
  max_class_minutes: number;
}

/**
 * The time rules of a booking or a move: the end after the start (one Bangkok day: the times are of `date`), inside
 * the school day, not longer than the longest lesson of its kind. Answers the minutes, or the Thai reason it is refused.
 */
export function checkTimes(
  s: DayRules,
  kind: 'practice' | 'class',
  start: string,
  end: string,
): { minutes: number } | { error: string } {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (to <= from) return { error: `เวลาสิ้นสุด: ต้องหลังเวลาเริ่ม (${start} น.) ในวันเดียวกัน` };
  if (start < s.day_start || end > s.day_end)
    return {
      error: `เวลาเรียน: ต้องอยู่ในเวลาทำการของโรงเรียน ${s.day_start}–${s.day_end} น. ให้เลือกเวลาใหม่`,
    };
  const minutes = to - from;
  const max = kind === 'practice' ? s.max_practice_minutes : s.max_class_minutes;
  if (minutes > max)
    return {
      error: `เวลาสิ้นสุด: ${kind === 'practice' ? 'คาบเรียนภาคปฏิบัติ' : 'ชั้นเรียนภาคทฤษฎี'}ยาวได้ไม่เกิน ${hoursText(max)} (ที่เลือก ${hoursText(minutes)}) ให้แบ่งเป็นหลายคาบ`,
    };
  return { minutes };
}

/** 90 → '1 ชั่วโมง 30 นาที' */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} ชั่วโมง` : '', m ? `${m} นาที` : ''].filter(Boolean).join(' ') || '0 นาที';
}

/**
 * Whether a cancellation is charged: never by the school; by the student when it comes later than `freeHours`
 * before the start (exactly `freeHours` before is still free).
 */
export function cancelIsLate(by: 'school' | 'student', startsAt: Date, now: Date, freeHours: number): boolean {
  if (by === 'school') return false;
  return startsAt.getTime() - now.getTime() < freeHours * 3600_000;
}

/** The minutes of one part (theory or practice) of a course line, by state of its lessons. */
export interface PartMinutes {
  included: number;
  extra: number;
  booked: number;
  delivered: number;
  charged: number;
  recorded: number;
}

/** remaining = included + extra − booked − delivered − charged (may go below 0 when the package shrank). */
export function hoursPart(p: PartMinutes) {
  return { ...p, remaining: p.included + p.extra - p.booked - p.delivered - p.charged };
}

/** The licence types the vehicles serve: a course type's Thai name → the vehicle type. */
export const VEHICLE_TYPE_OF: Record<string, 'car' | 'motorcycle'> = { รถยนต์: 'car', รถจักรยานยนต์: 'motorcycle' };
export const VEHICLE_TYPE_NAMES: Record<string, string> = { car: 'รถยนต์', motorcycle: 'รถจักรยานยนต์' };

/** The share (percent) of the net price paid; a free registration has paid all of it. */
export function paidPercent(paidSatang: number, netSatang: number): number {
  if (netSatang <= 0) return 100;
  return (paidSatang * 100) / netSatang;
}

/** '09:00–10:00 น. วันที่ 3 ธ.ค. 2569' of a lesson's instants. */
export function slotText(startsAt: Date, endsAt: Date): string {
  const a = bangkokClock(startsAt);
  const b = bangkokClock(endsAt);
  return `${a.time}–${b.time} น. วันที่ ${formatThaiDate(a.date)}`;
}

/**
 * An instructor's pay for `minutes` of completed lessons at `rateSatang` an hour, as the payroll sheet computes its
 * rate × quantity line: the hours to 2 decimals (hundredths), then the amount rounded half-up to the satang.
 */
export function lessonPayOf(rateSatang: number, minutes: number): { hundredths: number; amount: number } {
  const hundredths = Math.round((minutes * 100) / 60);
  return { hundredths, amount: Math.floor((2 * rateSatang * hundredths + 100) / 200) };
}
