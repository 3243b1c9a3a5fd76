/** A failure a person can act on: answered as the envelope with status 'error' and a Thai message. */
export class AppError extends Error {
  constructor(public statusCode: number, message: string, public details?: unknown) {
    super(message);
  }
}
export const badRequest = (message: string, details?: unknown) => new AppError(400, message, details);
export const unauthorized = (message = 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง') => new AppError(401, message);
export const forbidden = (message = 'คุณไม่มีสิทธิ์ทำรายการนี้') => new AppError(403, message);
export const notFound = (message = 'ไม่พบข้อมูลที่ต้องการ') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string) => new AppError(429, message);

/** The envelope of an error answered before (or outside) the application's handlers. */
export const errorEnvelope = (message: string) => ({ status: 'error' as const, message, data: null });
