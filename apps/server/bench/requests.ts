/** The requests the benchmark measures, and the statistics its rows are made of. */
import type { FastifyInstance } from 'fastify';

export type Row = {
  name: string;
  p50_ms: number;
  p95_ms: number;
  sql_p50_ms: number | null;
  sql_p95_ms: number | null;
  ratio: number | null;
  per_s: number | null;
  note?: string;
};

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
export const r2 = (n: number) => Math.round(n * 100) / 100;

/** What the in-process client needs of a Fastify app: its `inject`. */
type Injecting = { inject: FastifyInstance['inject'] };

/**
 * A timed GET: the answer taken as the bytes the server wrote, as a client receives them over a socket. Decoding them
 * into a JavaScript string (what inject's `body` does for every answer) is the client's work, not the server's: for
 * the exam calendar's week of every session (268 kB of Thai) it was about a millisecond of the measured time.
 */
export async function timedGet(app: Injecting, url: string, headers: Record<string, string>): Promise<number> {
  const r = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  let bytes = 0;
  for await (const chunk of r.stream()) bytes += (chunk as Buffer).length;
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
  return bytes;
}

/** The list requests measured, on either database: `sample` is one customer's name, ID number and phone. */
export function listRequests(
  sample: { name: string; idcard: string; phone_1: string },
  month: string,
  monthEnd: string,
): [string, string][] {
  return [
    ['application/gettable page 1', '/api/application/gettable?page=1&per_page=10'],
    ['application/gettable page 500', '/api/application/gettable?page=500&per_page=10'],
    ['application/gettable text: name', `/api/application/gettable?text=${encodeURIComponent(sample.name)}`],
    ['application/gettable text: ID number', `/api/application/gettable?text=${sample.idcard}`],
    ['application/gettable text: phone', `/api/application/gettable?text=${sample.phone_1}`],
    ['getforoutstandingBalance + totals', '/api/application/getforoutstandingBalance?page=1&per_page=10'],
    ['getforoverdue + totals (oldest first)', '/api/application/getforoverdue?page=1&per_page=10'],
    ['payment/gettable (history) one month', `/api/payment/gettable?start=${month}-01&end=${monthEnd}&per_page=10`],
    [
      'payment/paybalance/gettable one month',
      `/api/payment/paybalance/gettable?start=${month}-01&end=${monthEnd}&per_page=10`,
    ],
    ...examRequests(sample, month, monthEnd),
  ];
}

/** The exam lists measured: a day of the schedule (the 15th of the month), a month, the calendar, a permission search. */
export function examRequests(sample: { name: string }, month: string, monthEnd: string): [string, string][] {
  return [
    ['exam/gettable one day', `/api/exam/gettable?start=${month}-15&end=${month}-15&per_page=10`],
    ['exam/gettable one month', `/api/exam/gettable?start=${month}-01&end=${monthEnd}&per_page=10`],
    ['exam/calendar one month (days)', `/api/exam/calendar?start=${month}-01&end=${monthEnd}&group=day`],
    [
      'exam/calendar one week, all branches (slots, the screen’s week)',
      `/api/exam/calendar?start=${month}-08&end=${month}-14&group=slot`,
    ],
    ['exam/calendar one week, one branch (sessions)', `/api/exam/calendar?start=${month}-08&end=${month}-14&branch=2`],
    [
      'exam/calendar one week, all branches, every session (API only)',
      `/api/exam/calendar?start=${month}-08&end=${month}-14`,
    ],
    ['exam/permission text: name', `/api/exam/permission?text=${encodeURIComponent(sample.name)}&per_page=10`],
    ['exam/permission page 1, no text', '/api/exam/permission?per_page=10'],
    ['exam/permission page 1, one branch', '/api/exam/permission?per_page=10&branch=2'],
    ['exam/permission page 100, no text', '/api/exam/permission?per_page=10&page=100'],
    [
      'exam/permission ending within 14 days (home page)',
      `/api/exam/permission?per_page=10&status=${encodeURIComponent('ใกล้หมดอายุ')}`,
    ],
    ['exam/permission expired', `/api/exam/permission?per_page=10&status=${encodeURIComponent('หมดอายุ')}`],
    // the application lists of the exam screens, as each opens (manage exam and vehicle check: status ค้างชำระ)
    ['application/getformanageExam page 1 (ค้างชำระ)', '/api/application/getformanageExam?per_page=10'],
    [
      'application/getformanageExam page 1, ทั้งหมด',
      `/api/application/getformanageExam?per_page=10&status=${encodeURIComponent('ทั้งหมด')}`,
    ],
    ['application/getforpermission page 1', '/api/application/getforpermission?per_page=10'],
    ['application/getformanageVehicleCheck page 1 (ค้างชำระ)', '/api/application/getformanageVehicleCheck?per_page=10'],
    [
      'application/getformanageVehicleCheck page 1, ทั้งหมด',
      `/api/application/getformanageVehicleCheck?per_page=10&status=${encodeURIComponent('ทั้งหมด')}`,
    ],
    [
      'application/getformanageVehicleCheck ยังไม่ตรวจ',
      `/api/application/getformanageVehicleCheck?per_page=10&category=${encodeURIComponent('ยังไม่ตรวจ')}`,
    ],
    [
      'application/getformanageVehicleCheck ไม่ผ่าน, ทั้งหมด',
      `/api/application/getformanageVehicleCheck?per_page=10&status=${encodeURIComponent('ทั้งหมด')}&category=${encodeURIComponent('ไม่ผ่าน')}`,
    ],
  ];
}

/**
 * The owner's cockpit (dashboard/summary) of today: every branch of the chain (target p95 ≤ 300 ms) and one branch
 * (target p95 ≤ 100 ms). It reads the kept totals (income_days, application_stats) rather than a year of rows.
 */
export function dashboardRequests(): [string, string][] {
  return [
    ['dashboard/summary, all 20 branches (target p95 ≤ 300 ms)', '/api/dashboard/summary'],
    ['dashboard/summary, one branch (target p95 ≤ 100 ms)', '/api/dashboard/summary?branch=2'],
  ];
}

/** The evaluation list (application/getforevaluateManage): page 1 unfiltered and by training status, chain and branch 2. */
export function evaluationRequests(): [string, string][] {
  const out: [string, string][] = [];
  for (const [where, q] of [
    ['all branches', ''],
    ['one branch', '&branch=2'],
  ] as const)
    for (const [label, status] of [
      ['no filter', ''],
      ['status กำลังอบรม', 'กำลังอบรม'],
      ['status ยังไม่เริ่มอบรม', 'ยังไม่เริ่มอบรม'],
      ['status อบรมครบ', 'อบรมครบ'],
    ] as const)
      out.push([
        `getforevaluateManage page 1, ${label}, ${where}`,
        `/api/application/getforevaluateManage?page=1&per_page=10${q}${status ? `&status=${encodeURIComponent(status)}` : ''}`,
      ]);
  return out;
}
