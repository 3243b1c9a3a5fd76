/** Images behind the bearer header (GET /api/files/{id}): fetched as a Blob, shown via an object URL. */
import { Image } from 'antd';
import { useFileUrl } from './PhotoAvatar';

export { PhotoAvatar, useFileUrl, type PhotoAvatarProps } from './PhotoAvatar';

export function PhotoImage({ fileId, width = 120 }: { fileId: string | null | undefined; width?: number }) {
  const url = useFileUrl(fileId);
  if (!url) return null;
  return (
    <Image src={url} width={width} style={{ borderRadius: 8, objectFit: 'cover', aspectRatio: '3 / 4' }} alt="รูปถ่าย" />
  );
}
