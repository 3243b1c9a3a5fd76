/**
 * The lessons feature's endpoints (packages/contracts/src/lessons.ts), query keys and hooks. Every API call of the
 * lessons screens is here; pages call these hooks and functions only.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AvailabilityUpdateBody,
  ClassCreateBody,
  EvaluateManageRow,
  InstructorAvailability,
  LessonCancelBody,
  LessonCheckinBody,
  LessonCheckinResult,
  LessonCompleteBody,
  LessonCreateBody,
  LessonNoShowBody,
  LessonPay,
  LessonRoom,
  LessonRow,
  LessonSettings,
  LessonUpdateBody,
  LineHours,
  RoomBody,
  RoomUpdateBody,
  Timetable,
} from '@khabkhi/contracts';
import { api, type Option } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';
import { printPdf } from '../../api/documents';

export type { InstructorAvailability, LessonPay, LessonRow, LessonSettings, LineHours, Timetable };
export type TimetableResource = Timetable['resources'][number];
export type Resource = 'instructor' | 'vehicle';

/** A room of a branch (lesson/room/getall). */
export type Room = LessonRoom;

/** What the check-in answers: the lesson, whose arrival it was, and whether it had been recorded before. */
export type { LessonCheckinResult as CheckinResult };

export const LESSON_TABLE = '/lesson/gettable';
/** The live course lines of a branch (the evaluation list): the booking dialog and the roster search them. */
export const LINE_TABLE = '/application/getforevaluateManage';

export const lessonKeys = {
  all: ['lesson'] as const,
  timetable: (q: { branch_id: number; date_from: string; date_to: string; resource: Resource }) =>
    ['lesson', 'timetable', q] as const,
  one: (id: number) => ['lesson', 'one', id] as const,
  hours: (lineId: number) => ['lesson', 'hours', lineId] as const,
  settings: ['lesson', 'settings'] as const,
  rooms: (branchId: number) => ['lesson', 'rooms', branchId] as const,
  availability: (branchId: number) => ['lesson', 'availability', branchId] as const,
  lines: (branchId: number, text: string) => ['lesson', 'lines', branchId, text] as const,
  pay: (branchId: number, month: string, userId?: number) => ['lesson', 'pay', branchId, month, userId ?? 0] as const,
  table: tableKeys.of(LESSON_TABLE),
};

/** After any change of a lesson: the timetable, the list, the ledgers and the evaluation list (hours done). */
export function invalidateLessons(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: lessonKeys.all });
  void qc.invalidateQueries({ queryKey: lessonKeys.table });
  void qc.invalidateQueries({ queryKey: tableKeys.of(LINE_TABLE) });
}

// ---------------------------------------------------------------- reads

export const useTimetable = (q: { branch_id: number; date_from: string; date_to: string; resource: Resource }) =>
  useQuery({
    queryKey: lessonKeys.timetable(q),
    queryFn: () => api.get<Timetable>('/lesson/timetable', q),
    enabled: q.branch_id > 0,
    placeholderData: (prev) => prev,
  });

export const useLesson = (id: number | null) =>
  useQuery({
    queryKey: lessonKeys.one(id ?? 0),
    queryFn: () => api.get<LessonRow>(`/lesson/get/${id}`),
    enabled: !!id && id > 0,
  });

export const useLineHours = (lineId: number | null | undefined) =>
  useQuery({
    queryKey: lessonKeys.hours(lineId ?? 0),
    queryFn: () => api.get<LineHours>(`/lesson/hours/${lineId}`),
    enabled: !!lineId && lineId > 0,
  });

export const useLessonSettings = () =>
  useQuery({
    queryKey: lessonKeys.settings,
    queryFn: () => api.get<LessonSettings>('/lesson/setting'),
    staleTime: 60_000,
  });

export const useRooms = (branchId: number) =>
  useQuery({
    queryKey: lessonKeys.rooms(branchId),
    queryFn: () => api.get<Room[]>('/lesson/room/getall', { branch_id: branchId }),
    enabled: branchId > 0,
  });

export const useAvailability = (branchId: number) =>
  useQuery({
    queryKey: lessonKeys.availability(branchId),
    queryFn: () => api.get<InstructorAvailability[]>('/lesson/availability', { branch_id: branchId }),
    enabled: branchId > 0,
  });

/** Instructor pay from completed lessons of a branch-month (one instructor: with the lessons behind the figure). */
export const useLessonPay = (branchId: number, month: string, userId?: number, enabled = true) =>
  useQuery({
    queryKey: lessonKeys.pay(branchId, month, userId),
    queryFn: () =>
      api.get<LessonPay[]>('/lesson/pay', { branch_id: branchId, month, ...(userId ? { user_id: userId } : {}) }),
    enabled: enabled && branchId > 0 && /^\d{4}-\d{2}$/.test(month),
  });

/** Live course lines of a branch matching a name, ID number, application number or phone (at most 20). */
export const useLineSearch = (branchId: number, text: string) =>
  useQuery({
    queryKey: lessonKeys.lines(branchId, text),
    queryFn: async () => {
      const r = await api.table<EvaluateManageRow>(LINE_TABLE, { branch: branchId, text, per_page: 20 });
      return { rows: r.data, types: (r.filter?.type ?? []) as Option[] };
    },
    enabled: branchId > 0,
    staleTime: 30_000,
  });

/** A branch's lessons of one day (the check-in desk), all pages up to 100 rows. */
export const useDayLessons = (branchId: number, date: string) =>
  useQuery({
    queryKey: tableKeys.list(LESSON_TABLE, { branch: branchId, start: date, end: date, desk: 1 }),
    queryFn: async () =>
      (await api.table<LessonRow>(LESSON_TABLE, { branch: branchId, start: date, end: date, per_page: 100 })).data,
    enabled: branchId > 0,
    refetchInterval: 60_000,
  });

// ---------------------------------------------------------------- changes

/** A mutation that refreshes every lesson read when it succeeds. */
function useLessonMutation<B, R = unknown>(send: (body: B) => Promise<{ data: R; message: string }>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => invalidateLessons(qc) });
}

export const useCreateLesson = () =>
  useLessonMutation((b: LessonCreateBody) => api.post<LessonRow>('/lesson/create', b));
export const useUpdateLesson = () =>
  useLessonMutation((b: LessonUpdateBody) => api.put<LessonRow>('/lesson/update', b));
export const useCancelLesson = () =>
  useLessonMutation((b: LessonCancelBody) => api.post<LessonRow>('/lesson/cancel', b));
export const useNoShowLesson = () =>
  useLessonMutation((b: LessonNoShowBody) => api.post<LessonRow>('/lesson/noshow', b));
export const useCheckinLesson = () =>
  useLessonMutation((b: LessonCheckinBody) => api.post<LessonCheckinResult>('/lesson/checkin', b));
export const useCompleteLesson = () =>
  useLessonMutation((b: LessonCompleteBody) => api.post<LessonRow>('/lesson/complete', b));
export const useCreateClass = () =>
  useLessonMutation((b: ClassCreateBody) => api.post<LessonRow>('/lesson/class/create', b));
export const useEnrollClass = () =>
  useLessonMutation((b: { class_id: number; line_ids: number[] }) => api.post<unknown>('/lesson/class/enroll', b));
export const useSaveSettings = () =>
  useLessonMutation((b: LessonSettings) => api.put<LessonSettings>('/lesson/setting/update', b));
export const useSaveAvailability = () =>
  useLessonMutation((b: AvailabilityUpdateBody) => api.put<unknown>('/lesson/availability/update', b));
export const useSaveRoom = () =>
  useLessonMutation((b: RoomBody | RoomUpdateBody) =>
    'room_id' in b ? api.put<Room>('/lesson/room/update', b) : api.post<Room>('/lesson/room/create', b),
  );
export const useDeleteRoom = () =>
  useLessonMutation((roomId: number) => api.del<null>('/lesson/room/delete', { room_id: roomId }));

/** The lessons of one course line (the application page), newest first as the server sorts them. */
export const useLineLessons = (lineId: number) =>
  useQuery({
    queryKey: tableKeys.list(LESSON_TABLE, { line: lineId }),
    queryFn: async () => (await api.table<LessonRow>(LESSON_TABLE, { line: lineId, per_page: 100 })).data,
    enabled: lineId > 0,
  });

/**
 * The seats of a class: the branch's seats of the class's day, those of this class (lesson/gettable has no class
 * filter; a day's seats of a branch fit in one page of 100).
 */
export const useClassSeats = (c: LessonRow | undefined) =>
  useQuery({
    queryKey: tableKeys.list(LESSON_TABLE, { seats: c?.lesson_id ?? 0 }),
    queryFn: async () =>
      (
        await api.table<LessonRow>(LESSON_TABLE, {
          branch: c!.branch_id,
          kind: 'seat',
          start: c!.date,
          end: c!.date,
          per_page: 100,
        })
      ).data.filter((s) => s.class_id === c!.lesson_id),
    enabled: !!c && c.kind === 'class',
  });

// ---------------------------------------------------------------- documents: the day sheet and the DLT monthly report

/** The DLT monthly training report's sheets (lesson/report/excel): shown on screen and written as the workbook. */
export interface ReportSheets {
  filename: string;
  sheets: { sheet: string; columns: string[]; rows: (string | number)[][] }[];
}
export const lessonReportKey = (branchId: number, month: string) => ['lesson', 'report', branchId, month] as const;
export function useLessonReport(branchId: number, month: string) {
  return useQuery({
    queryKey: lessonReportKey(branchId, month),
    queryFn: async () => (await api.post<ReportSheets>('/lesson/report/excel', { branch_id: branchId, month })).data,
    enabled: branchId > 0 && /^\d{4}-\d{2}$/.test(month),
  });
}
export const printLessonReport = (branchId: number, month: string) =>
  printPdf('/lesson/report/pdf', { branch_id: branchId, month });
export const printDaysheet = (instructorId: number, date: string) =>
  printPdf('/lesson/daysheet/pdf', { instructor_id: instructorId, date });
