/** One invalid field: its path in API names ("courses.1.exam_date") and the Thai message naming it by its label. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A failure a person can act on: answered as the envelope with status 'error' and a Thai message, and for
 * bad input the invalid fields in `details` (the web puts each message under its form field).
 */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public details?: FieldError[],
  ) {
    super(message);
  }
}
/** A Thai 400; `details` name the invalid fields when the route knows them. */
export const badRequest = (message: string, details?: FieldError[]) => new AppError(400, message, details);
export const unauthorized = (message = 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง') => new AppError(401, message);
export const forbidden = (message = 'คุณไม่มีสิทธิ์ทำรายการนี้') => new AppError(403, message);
export const notFound = (message = 'ไม่พบข้อมูลที่ต้องการ') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);

/** The envelope of an error answered before (or outside) the application's handlers. */
export const errorEnvelope = (message: string, details?: FieldError[]) => ({
  status: 'error' as const,
  message,
  data: null,
  ...(details?.length ? { details } : {}),
});
