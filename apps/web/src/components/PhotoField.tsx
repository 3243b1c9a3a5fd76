/** Photo upload (JPEG/PNG → POST /api/files/upload); value is the file uuid or null. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type React from 'react';
import { api, errorMessage } from '../api/client';
import { PhotoAvatar } from './AuthImage';

export interface PhotoFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  /** Avatar size in px (default 96). */
  size?: number;

  /** 'square' for a logo (default 'circle'). */
  shape?: 'circle' | 'square';
  icon?: React.ReactNode;
}

/** The server's UPLOAD_MAX_BYTES in MB as its 413 message says it (2097152 → "2"). */
export const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10);

export function PhotoField({ value, onChange, disabled, size = 96, shape, icon }: PhotoFieldProps) {
  const { message } = App.useApp();
  // one number: the server's limit (files/limits answers UPLOAD_MAX_BYTES)
  const limits = useQuery({ queryKey: ['files-limits'], queryFn: () => api.get<{ upload_max_bytes: number }>('/files/limits'), staleTime: Infinity });
  const maxBytes = limits.data?.upload_max_bytes;
  const [busy, setBusy] = useState(false);
  return (
    <Flex align="center" gap={16}>
      <PhotoAvatar fileId={value} size={size} shape={shape} icon={icon} />
      <Flex vertical gap={8}>
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            if (!['image/jpeg', 'image/png'].includes(file.type)) {
              message.error('รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG');
              return Upload.LIST_IGNORE;
            }
            if (maxBytes && file.size > maxBytes) {
              message.error(`ไฟล์มีขนาดใหญ่เกิน ${megabytes(maxBytes)} MB`);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const res = await api.upload(file as File);
              onChange?.(res.file_id);
              onSuccess?.(res);
              message.success('อัปโหลดรูปเรียบร้อยแล้ว กด บันทึก เพื่อยืนยัน');
            } catch (e) {
              message.error(errorMessage(e));
              onError?.(e as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>{value ? 'เปลี่ยนรูป' : 'อัปโหลดรูป'}</Button>
        </Upload>
        {value && !disabled && <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)} style={{ padding: 0 }}>นำรูปออก</Button>}
        <span style={{ fontSize: 12, color: '#888' }} data-testid="photo-limit">JPEG หรือ PNG{maxBytes ? ` ไม่เกิน ${megabytes(maxBytes)} MB` : ''}</span>
      </Flex>
    </Flex>
  );
}
