/** Photos behind the bearer header (GET /api/files/{id}): fetched as a Blob, shown via an object URL. */
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { getFile } from '../api/common';
import { fileKeys } from '../api/queryKeys';

export function useFileUrl(fileId: string | null | undefined): string | null {
  const q = useQuery({
    queryKey: fileKeys.one(fileId),
    queryFn: () => getFile(fileId!),
    enabled: !!fileId,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) {
      setUrl(null);
      return;
    }
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
  icon?: ReactNode;
}

/**
 * A person's photo (or the first letter of the name, or an icon) in a circle: antd's Avatar in look, in plain
 * markup, so the app shell (header, home page) does not load antd's Avatar with its tooltip and popover.
 */
export function PhotoAvatar({ fileId, size = 36, fallback, shape = 'circle', icon }: PhotoAvatarProps) {
  const url = useFileUrl(fileId);
  const style: CSSProperties = {
    width: size,
    height: size,
    lineHeight: `${size - 2}px`,
    fontSize: url || fallback ? 18 : size / 2,
    flex: 'none',
    borderRadius: shape === 'circle' ? '50%' : 8,
    background: url ? undefined : '#cfe3da',
    color: '#0b6e4f',
  };
  return (
    <span className="kk-avatar" style={style}>
      {url ? <img src={url} alt="" /> : fallback ? fallback.slice(0, 1) : (icon ?? <UserOutlined />)}
    </span>
  );
}
