import { eq } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { files } from '../../db/schema/core.js';

export interface NewFile {
  kind: 'logo' | 'photo' | 'bill' | 'accounting';
  mime: string;
  data: Buffer;
  branchId: number;
  userId: number;
}

/** Stores an uploaded photo, logo, bill or accounting attachment; its id, type and size. */
export async function saveFile(conn: Conn, f: NewFile) {
  const [row] = await conn
    .insert(files)
    .values({
      kind: f.kind,
      mime: f.mime,
      size: f.data.length,
      data: f.data,
      branch_id: f.branchId,
      created_by: f.userId,
    })
    .returning({ file_id: files.file_id, mime: files.mime, size: files.size });
  return row!;
}

export async function findFile(conn: Conn, id: string) {
  const [row] = await conn.select().from(files).where(eq(files.file_id, id));
  return row;
}
