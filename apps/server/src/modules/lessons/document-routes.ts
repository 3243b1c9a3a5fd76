/**
 * The routes of the lessons' documents: an instructor's printable day sheet, and the DLT monthly training report of a
 * branch as a PDF and as the rows of an Excel workbook. PDFs answer a signed link (data.pdf) as every document does.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DaysheetBody, Envelope, LessonMonthReport, LessonReportBody } from '@khabkhi/contracts';
import { addDays, daysBetween, todayBangkok } from '@khabkhi/thai';
import { actorOf, assertBranch } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import {
  daysheet,
  daysheetHead,
  daysheetHtml,
  instructorBranch,
  monthName,
  monthReport,
  reportHtml,
  reportSheets,
} from './report.js';

const tags = ['lessons'];
const EPOCH = '2000-01-01';
const packDay = (id: number, date: string) => id * 100000 + daysBetween(EPOCH, date);
const unpackDay = (v: number) => ({ id: Math.floor(v / 100000), date: addDays(EPOCH, v % 100000) });
const packMonth = (id: number, month: string) =>
  id * 10000 + (Number(month.slice(0, 4)) - 2000) * 12 + Number(month.slice(5, 7)) - 1;
const unpackMonth = (v: number) => {
  const m = v % 10000;
  return {
    id: Math.floor(v / 10000),
    month: `${2000 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`,
  };
};

/** A report month: from January 2000 to the current month (a month still to come has no lessons to report). */
function checkMonth(month: string) {
  const now = todayBangkok().slice(0, 7);
  if (month < '2000-01') throw badRequest('เดือนที่รายงาน: ต้องตั้งแต่ มกราคม 2543 เป็นต้นไป');
  if (month > now) throw badRequest(`เดือนที่รายงาน: ${monthName(month)} ยังมาไม่ถึง (เดือนปัจจุบันคือ ${monthName(now)})`);
}

export default async function lessonDocumentRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  registerDocumentType(app, 'lesson-daysheet', async (v) => {
    const { id, date } = unpackDay(v);
    const d = await daysheet(db(), id, date);
    const html = daysheetHtml(await daysheetHead(db(), await instructorBranch(db(), id)), d);
    return { pdf: await app.documents.html(html), filename: `ตารางสอน-${d.instructor_name}-${date}.pdf` };
  });
  registerDocumentType(app, 'lesson-report', async (v) => {
    const { id, month } = unpackMonth(v);
    const r = await monthReport(db(), id, month);
    return {
      pdf: await app.documents.html(await reportHtml(db(), r)),
      filename: `รายงานการฝึกอบรม-${r.branch_name}-${month}.pdf`,
    };
  });

  app.post(
    '/lesson/daysheet/pdf',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary:
          'Signed link (data.pdf) to an instructor’s day sheet: the day’s lessons and classes, with a column for the student’s signature',
        body: DaysheetBody,
        response: { 200: Envelope(Type.Object({ pdf: Type.String(), lessons: Type.Integer() })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      assertBranch(actor, await instructorBranch(db(), req.body.instructor_id));
      const d = await daysheet(db(), req.body.instructor_id, req.body.date);
      return ok({
        pdf: await signDocumentLink(app.deps.secret, {
          type: 'lesson-daysheet',
          id: packDay(req.body.instructor_id, req.body.date),
        }),
        lessons: d.lessons.length,
      });
    },
  );

  app.post(
    '/lesson/report/pdf',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary:
          'Signed link (data.pdf) to a branch’s monthly training report for the DLT: students with their hours per licence type, instructors and vehicles used (completed lessons only)',
        body: LessonReportBody,
        response: { 200: Envelope(Type.Object({ pdf: Type.String(), report: LessonMonthReport })) },
      },
    },
    async (req) => {
      assertBranch(actorOf(req), req.body.branch_id);
      checkMonth(req.body.month);
      const report = await monthReport(db(), req.body.branch_id, req.body.month);
      return ok({
        pdf: await signDocumentLink(app.deps.secret, {
          type: 'lesson-report',
          id: packMonth(req.body.branch_id, req.body.month),
        }),
        report,
      });
    },
  );

  app.post(
    '/lesson/report/excel',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary:
          'The monthly training report as the sheets of an Excel workbook (Thai headers; hours as numbers): the web writes the .xlsx file',
        body: LessonReportBody,
        response: {
          200: Envelope(
            Type.Object({
              filename: Type.String(),
              sheets: Type.Array(
                Type.Object({
                  sheet: Type.String(),
                  columns: Type.Array(Type.String()),
                  rows: Type.Array(Type.Array(Type.Union([Type.String(), Type.Number()]))),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      assertBranch(actorOf(req), req.body.branch_id);
      checkMonth(req.body.month);
      const r = await monthReport(db(), req.body.branch_id, req.body.month);
      return ok({ filename: `รายงานการฝึกอบรม-${r.branch_name}-${r.month}.xlsx`, sheets: reportSheets(r) });
    },
  );
}

export { packDay, unpackDay, packMonth, unpackMonth };
