/** Reading one uploaded file (multipart field "file"): size limit, type judged by its first bytes, stored through repo.ts. */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';
import { saveFile, type NewFile } from './repo.js';

/** JPEG and PNG by their first bytes, not by the name or the declared type. */
export function sniffImage(buf: Buffer): 'image/jpeg' | 'image/png' | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return null;
}

export const sniffPdf = (buf: Buffer): 'application/pdf' | null =>
  buf.length > 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null;

export type UploadType = 'image' | 'pdf';

export interface UploadOptions {
  /** what the file may be: images (JPEG, PNG) and/or PDF */
  types: UploadType[];
  /** the field's Thai name that starts the messages ('ไฟล์', 'ไฟล์แนบ'); none: plain messages */
  label?: string;
}

/** One multipart file of the request, checked: its bytes, its sniffed type and the other multipart fields. */
export async function readUpload(req: FastifyRequest, o: UploadOptions) {
  const pre = o.label ? `${o.label}: ` : '';
  if (!req.isMultipart()) throw badRequest(`${pre}กรุณาส่งไฟล์แบบ multipart/form-data ในช่อง file`);
  const part = await req.file();
  if (!part) throw badRequest(`${pre}ไม่พบไฟล์ที่อัปโหลด`);
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    // a body cut short is a broken upload, not a big one
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    const max = req.server.deps.config.uploadMaxBytes;
    throw new AppError(413, `${o.label ?? 'ไฟล์'}มีขนาดใหญ่เกิน ${Math.round((max / 1024 / 1024) * 10) / 10} MB`);
  }
  const mime = (o.types.includes('image') ? sniffImage(buf) : null) ?? (o.types.includes('pdf') ? sniffPdf(buf) : null);
  if (!mime) {
    throw badRequest(
      pre +
        (o.types.includes('pdf')
          ? o.types.includes('image')
            ? 'รองรับเฉพาะรูปภาพ JPEG, PNG หรือไฟล์ PDF'
            : 'รองรับเฉพาะไฟล์ PDF'
          : 'รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG'),
    );
  }
  const field = (name: string) => (part.fields[name] as { value?: unknown } | undefined)?.value;
  return { buf, mime, field };
}

/** Reads, checks and stores one uploaded file of the actor's branch: its id, type, size and file_type ('image' | 'pdf'). */
export async function acceptUpload(
  req: FastifyRequest,
  actor: { branchId: number; userId: number },
  o: UploadOptions & { kind: NewFile['kind'] },
) {
  const { buf, mime } = await readUpload(req, o);
  const row = await saveFile(req.server.deps.database.db, {
    kind: o.kind,
    mime,
    data: buf,
    branchId: actor.branchId,
    userId: actor.userId,
  });
  return { ...row, file_type: mime === 'application/pdf' ? 'pdf' : 'image' };
}
