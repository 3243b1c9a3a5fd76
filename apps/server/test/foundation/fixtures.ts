/** Shared bits of the foundation suites: multipart bodies for uploads, tiny images, SQL rows. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers.js';

/** A 1×1 PNG and the first bytes of a JPEG (the server sniffs the magic bytes, not the name). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(64),
  Buffer.from([0xff, 0xd9]),
]);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----khabkhi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/files/upload as the holder of `token`. */
export async function upload(
  t: TestApp,
  token: string,
  file: Buffer,
  opts: { filename?: string; type?: string; kind?: string } = {},
) {
  const parts: Part[] = [];
  if (opts.kind) parts.push({ name: 'kind', data: opts.kind });
  parts.push({ name: 'file', filename: opts.filename ?? 'photo.png', type: opts.type ?? 'image/png', data: file });
  const { body, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = { status: 'error', message: res.body, data: null };
  }
  return { status: res.statusCode, body: json, res };
}

export async function rows<T = Record<string, any>>(t: TestApp, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}
