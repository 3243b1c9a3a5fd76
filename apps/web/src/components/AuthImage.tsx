/** Images behind the bearer header (GET /api/files/{id}): fetched as a Blob, shown via an object URL. */
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Image } from 'antd';
import { useEffect, useState } from 'react';
import type React from 'react';
import { requestBlob } from '../api/client';
import { fileKeys } from '../api/queryKeys';

export function useFileUrl(fileId: string | null | undefined): string | null {
  const q = useQuery({
    queryKey: fileKeys.one(fileId),
    queryFn: () => requestBlob(`/files/${fileId}`),
    enabled: !!fileId,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) { setUrl(null); return; }
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return fileId ? url : null;
}

export interface PhotoAvatarProps {
  fileId: string | null | undefined;
  size?: number;
  /** Initials shown when there is no photo. */
  fallback?: string;
  shape?: 'circle' | 'square';
  /** Icon when there is neither photo nor fallback (default a person). */
  icon?: React.ReactNode;
}

export function PhotoAvatar({ fileId, size = 36, fallback, shape = 'circle', icon }: PhotoAvatarProps) {
  const url = useFileUrl(fileId);
  return (
    <Avatar size={size} shape={shape} src={url ?? undefined} icon={!url && !fallback ? (icon ?? <UserOutlined />) : undefined} style={{ background: url ? undefined : '#cfe3da', color: '#0b6e4f', flex: 'none' }}>
      {!url && fallback ? fallback.slice(0, 1) : null}
    </Avatar>
  );
}

export function PhotoImage({ fileId, width = 120 }: { fileId: string | null | undefined; width?: number }) {
  const url = useFileUrl(fileId);
  if (!url) return null;
  return <Image src={url} width={width} style={{ borderRadius: 8, objectFit: 'cover', aspectRatio: '3 / 4' }} alt="รูปถ่าย" />;
}
