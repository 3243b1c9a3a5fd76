/** What the upload fields share: the server's size limit and the check before a file is sent (same words as the server's refusals). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { fileKeys } from '../api/queryKeys';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'];
/** a bill or slip: a photo or a PDF */
export const BILL_TYPES = [...IMAGE_TYPES, 'application/pdf'];

/** The server's UPLOAD_MAX_BYTES in MB as its 413 message says it (2097152 → "2"). */
export const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10);

/** One number: the server's limit (files/limits answers UPLOAD_MAX_BYTES); undefined until it is known. */
export function useUploadLimit(): number | undefined {
  const limits = useQuery({
    queryKey: fileKeys.limits,
    queryFn: () => api.get<{ upload_max_bytes: number }>('/files/limits'),
    staleTime: Infinity,
  });
  return limits.data?.upload_max_bytes;
}

/** Why a chosen file is refused before it is sent (null: it may go). label: the field's Thai name that starts the message. */
export function uploadRefusal(
  file: { type: string; size: number },
  types: string[],
  maxBytes: number | undefined,
  label?: string,
): string | null {
  if (!types.includes(file.type)) {
    const pre = label ? `${label}: ` : '';
    return (
      pre +
      (types.includes('application/pdf') ? 'รองรับเฉพาะรูปภาพ JPEG, PNG หรือไฟล์ PDF' : 'รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG')
    );
  }
  if (maxBytes && file.size > maxBytes) return `${label ?? 'ไฟล์'}มีขนาดใหญ่เกิน ${megabytes(maxBytes)} MB`;
  return null;
}
