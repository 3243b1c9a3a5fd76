import { describe, expect, it } from 'vitest';
import {
  dayOf,
  deskRows,
  screenSheet,
  eventTitle,
  hoursRows,
  hoursText,
  isLateCancel,
  LESSON_STATE_NAMES,
  minutesBetween,
  namedLessons,
  slotTimes,
  STATE_COLOR,
  STATE_TAG_COLOR,
  stateName,
  timeOf,
  timeOptions,
  wallClock,
  weekRange,
  reportMonths,
} from '../src/features/lessons/lessonUi';

describe('the timetable slot → the booking body', () => {
  it('draws a lesson at its Bangkok wall-clock time and reads a slot back to the same day and times', () => {
    const start = wallClock('2026-11-26', '09:00');
    const end = wallClock('2026-11-26', '10:30');
    expect([start.getHours(), start.getMinutes(), start.getDate()]).toEqual([9, 0, 26]);
    expect(slotTimes(start, end)).toEqual({ date: '2026-11-26', start_time: '09:00', end_time: '10:30' });
    expect(dayOf(start)).toBe('2026-11-26');
    expect(timeOf(end)).toBe('10:30');
  });

  it('does not shift the day near midnight whatever the browser time zone (the slot is a wall clock, not UTC)', () => {
    // 06:00 in Bangkok is 23:00 UTC of the day before: the booking must still say the 1st of December
    const start = wallClock('2026-12-01', '06:00');
    expect(slotTimes(start, wallClock('2026-12-01', '07:00'))).toEqual({
      date: '2026-12-01',
      start_time: '06:00',
      end_time: '07:00',
    });
  });

  it('ends a slot that reaches midnight at 23:59 and refuses a slot over two days or of no length', () => {
    expect(slotTimes(wallClock('2026-11-26', '23:00'), wallClock('2026-11-27', '00:00'))).toEqual({
      date: '2026-11-26',
      start_time: '23:00',
      end_time: '23:59',
    });
    expect(slotTimes(wallClock('2026-11-26', '22:00'), wallClock('2026-11-27', '01:00'))).toBeNull();
    expect(slotTimes(wallClock('2026-11-26', '10:00'), wallClock('2026-11-26', '10:00'))).toBeNull();
  });

  it('counts the minutes of a lesson and offers times in steps within the school day', () => {
    expect(minutesBetween('09:00', '10:30')).toBe(90);
    const t = timeOptions('08:00', '09:00', 15).map((o) => o.value);
    expect(t).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00']);
  });

  it('shows a week from Sunday to Saturday, as the Thai calendar and the scheduler draw it', () => {
    expect(weekRange('2026-11-26')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(weekRange('2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });
});

describe('lesson states', () => {
  it('names every state in Thai and gives each its own colour', () => {
    expect(Object.values(LESSON_STATE_NAMES)).toEqual(['จองแล้ว', 'มาเรียนแล้ว', 'เรียนจบ', 'ยกเลิก', 'ขาดเรียน']);
    const states = Object.keys(LESSON_STATE_NAMES);
    expect(new Set(states.map((s) => STATE_COLOR[s as keyof typeof STATE_COLOR])).size).toBe(states.length);
    expect(states.every((s) => STATE_TAG_COLOR[s as keyof typeof STATE_TAG_COLOR])).toBe(true);
    expect(stateName('no_show')).toBe('ขาดเรียน');
    expect(stateName('unknown')).toBe('unknown');
  });

  it('titles a lesson with the student, licence type and the other resource; a class with its room and seats', () => {
    const l = {
      kind: 'practice',
      customer_name: 'สมชาย ใจดี',
      course_type: 'รถยนต์',
      vehicle_name: 'กข 1234',
      instructor_name: 'ครูสมศรี',
    };
    expect(eventTitle(l, 'instructor')).toBe('สมชาย ใจดี · รถยนต์ · กข 1234');
    expect(eventTitle(l, 'vehicle')).toBe('สมชาย ใจดี · รถยนต์ · ครูสมศรี');
    expect(
      eventTitle(
        { ...l, kind: 'class', customer_name: '', room_name: 'ห้อง 1', enrolled: 12, capacity: 30 },
        'instructor',
      ),
    ).toBe('ชั้นเรียน รถยนต์ · ห้อง 1 · 12/30 ที่นั่ง');
  });

  it('names the timetable’s lessons from its names once per id: a seat by its class’s teacher, none as empty', () => {
    const named = namedLessons({
      // three lessons, column by column
      lessons: {
        lesson_id: [1, 2, 3],
        kind: ['practice', 'seat', 'practice'],
        state: ['booked', 'booked', 'done'],
        date: ['2026-11-26', '2026-11-26', '2026-11-27'],
        start_time: ['09:00', '13:00', '07:00'],
        end_time: ['10:00', '15:00', '08:30'],
        course_type: ['รถยนต์', 'รถยนต์', 'รถจักรยานยนต์'],
        customer_id: [5, 6, 4],
        instructor_id: [7, null, 7],
        vehicle_id: [9, null, 10],
        teacher_id: [7, 8, 7],
        room_name: ['', '', ''],
        capacity: [null, null, null],
        enrolled: [0, 0, 0],
      },
      names: {
        customers: [
          { id: 5, name: 'สมชาย ใจดี' },
          { id: 6, name: 'สมหญิง รักเรียน' },
        ],
        instructors: [
          { id: 7, name: 'ครูสมศรี' },
          { id: 8, name: 'ครูประเสริฐ' },
        ],
        vehicles: [{ id: 9, name: 'กข 1234' }],
      },
    });
    expect(named.map((l) => [l.lesson_id, l.customer_name, l.instructor_name, l.vehicle_name])).toEqual([
      [1, 'สมชาย ใจดี', 'ครูสมศรี', 'กข 1234'],
      [2, 'สมหญิง รักเรียน', 'ครูประเสริฐ', ''],
      [3, '', 'ครูสมศรี', ''],
    ]);
    expect(named[1]).toMatchObject({ kind: 'seat', instructor_id: null, teacher_id: 8, start_time: '13:00' });
    expect(named[2]).toMatchObject({
      state: 'done',
      date: '2026-11-27',
      end_time: '08:30',
      course_type: 'รถจักรยานยนต์',
    });
    expect(eventTitle(named[0]!, 'instructor')).toBe('สมชาย ใจดี · รถยนต์ · กข 1234');
    expect(eventTitle(named[1]!, 'vehicle')).toBe('สมหญิง รักเรียน · รถยนต์ · ครูประเสริฐ');
  });

  it('warns of a late cancellation inside the free-cancel notice', () => {
    const now = new Date('2026-11-26T02:00:00Z'); // 09:00 in Bangkok
    expect(isLateCancel('2026-11-26T09:00:00Z', 24, now)).toBe(true); // 7 hours ahead
    expect(isLateCancel('2026-11-28T02:00:00Z', 24, now)).toBe(false); // 48 hours ahead
    expect(isLateCancel('2026-11-26T09:00:00Z', 0, now)).toBe(false);
  });
});

describe('hours display', () => {
  it('writes minutes as hours and minutes in Thai', () => {
    expect(hoursText(0)).toBe('0 ชม.');
    expect(hoursText(45)).toBe('45 นาที');
    expect(hoursText(120)).toBe('2 ชม.');
    expect(hoursText(90)).toBe('1 ชม. 30 นาที');
    expect(hoursText(-30)).toBe('−30 นาที');
    expect(hoursText(-90)).toBe('−1 ชม. 30 นาที');
  });

  it('lays out the ledger per part, flags a part with nothing left and keeps recorded history apart', () => {
    const part = (p: Partial<Record<string, number>>) => ({
      included: 0,
      extra: 0,
      booked: 0,
      delivered: 0,
      charged: 0,
      remaining: 0,
      recorded: 0,
      ...p,
    });
    const rows = hoursRows({
      theory: part({ included: 300, delivered: 300, remaining: 0, recorded: 120 }),
      practice: part({ included: 900, booked: 60, delivered: 120, charged: 60, remaining: 660 }),
    });
    expect(rows.map((r) => r.part)).toEqual(['ภาคทฤษฎี', 'ภาคปฏิบัติ']);
    expect(rows[0]).toMatchObject({ included: '5 ชม.', remaining: '0 ชม.', recorded: '2 ชม.', short: true });
    expect(rows[1]).toMatchObject({
      included: '15 ชม.',
      booked: '1 ชม.',
      delivered: '2 ชม.',
      charged: '1 ชม.',
      remaining: '11 ชม.',
      recorded: '',
      short: false,
    });
  });
});

describe('the monthly report’s months', () => {
  it('offers the current month and the 23 before it, newest first, in Thai with the Buddhist-era year, across a new year', () => {
    const m = reportMonths('2027-02-10');
    expect(m).toHaveLength(24);
    expect(m.slice(0, 3)).toEqual([
      { value: '2027-02', label: 'กุมภาพันธ์ 2570' },
      { value: '2027-01', label: 'มกราคม 2570' },
      { value: '2026-12', label: 'ธันวาคม 2569' },
    ]);
    expect(m[23]).toEqual({ value: '2025-03', label: 'มีนาคม 2568' });
  });
});

describe('the desk’s day', () => {
  it('lists the practical lessons and seats in the order they are taught (the list answers newest first), not the class rows', () => {
    const at = (lesson_id: number, kind: string, starts_at: string) => ({ lesson_id, kind, starts_at });
    const day = [
      at(7, 'practice', '2026-11-26T06:00:00.000Z'),
      at(5, 'class', '2026-11-26T03:00:00.000Z'),
      at(6, 'seat', '2026-11-26T03:00:00.000Z'),
      at(3, 'practice', '2026-11-26T01:00:00.000Z'),
      at(4, 'practice', '2026-11-26T03:00:00.000Z'),
    ];
    expect(deskRows(day).map((l) => l.lesson_id)).toEqual([3, 4, 6, 7]);
  });
});

describe('the monthly report on screen', () => {
  it('folds the students’ twelve workbook columns to six: registration under the name, hours as month / to date / course', () => {
    const columns = [
      'ลำดับ',
      'ชื่อ-นามสกุล',
      'เลขประจำตัวประชาชน',
      'ใบสมัคร',
      'หลักสูตร',
      'ประเภทรถ',
      'ทฤษฎีเดือนนี้ (ชม.)',
      'ปฏิบัติเดือนนี้ (ชม.)',
      'ทฤษฎีสะสม (ชม.)',
      'ปฏิบัติสะสม (ชม.)',
      'ทฤษฎีตามหลักสูตร (ชม.)',
      'ปฏิบัติตามหลักสูตร (ชม.)',
    ];
    const row = [
      1,
      'นายธนกร วงศ์ใหญ่',
      '3101000000005',
      'AP-HQ-2569-000001',
      'หลักสูตรรถยนต์ 15 ชั่วโมง',
      'รถยนต์',
      2.5,
      2,
      2.5,
      3.5,
      5,
      10,
    ];
    expect(screenSheet({ sheet: 'ผู้เข้ารับการอบรม', columns, rows: [row] })).toEqual({
      sheet: 'ผู้เข้ารับการอบรม',
      columns: [
        'ลำดับ',
        'ชื่อ-นามสกุล',
        'เลขประจำตัวประชาชน',
        'หลักสูตร',
        'ทฤษฎี (ชม.)\nเดือนนี้ / สะสม / หลักสูตร',
        'ปฏิบัติ (ชม.)\nเดือนนี้ / สะสม / หลักสูตร',
      ],
      rows: [
        [
          1,
          'นายธนกร วงศ์ใหญ่\nAP-HQ-2569-000001',
          '3-1010-00000-00-5',
          'หลักสูตรรถยนต์ 15 ชั่วโมง\nรถยนต์',
          '2.5 / 2.5 / 5',
          '2 / 3.5 / 10',
        ],
      ],
    });
    const vehicles = {
      sheet: 'รถที่ใช้ฝึก',
      columns: ['ทะเบียน', 'ประเภท', 'จำนวนคาบ', 'ชั่วโมงฝึก'],
      rows: [['1กข 1234', 'รถยนต์', 1, 2]],
    };
    expect(screenSheet(vehicles)).toBe(vehicles);
  });
});
