/** Photo upload (JPEG/PNG → POST /api/files/upload); value is the file uuid or null. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import type React from 'react';
import { errorMessage } from '../api/client';
import { uploadFile } from '../api/common';
import { PhotoAvatar } from './AuthImage';
import { IMAGE_TYPES, megabytes, uploadRefusal, useUploadLimit } from './upload';

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

export { megabytes } from './upload';

export function PhotoField({ value, onChange, disabled, size = 96, shape, icon }: PhotoFieldProps) {
  const { message } = App.useApp();
  const maxBytes = useUploadLimit();
  const [busy, setBusy] = useState(false);
  return (
    <Flex align="center" gap={16}>
      <PhotoAvatar fileId={value} size={size} shape={shape} icon={icon} />
      <Flex vertical gap={8}>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            const refusal = uploadRefusal(file, IMAGE_TYPES, maxBytes);
            if (refusal) message.error(refusal);
            return refusal ? Upload.LIST_IGNORE : true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const res = await uploadFile(file as File);
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
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {value ? 'เปลี่ยนรูป' : 'อัปโหลดรูป'}
          </Button>
        </Upload>
        {value && !disabled && (
          <Button
            type="link"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            style={{ padding: 0 }}
          >
            นำรูปออก
          </Button>
        )}
        <span style={{ fontSize: 12, color: '#888' }} data-testid="photo-limit">
          JPEG หรือ PNG{maxBytes ? ` ไม่เกิน ${megabytes(maxBytes)} MB` : ''}
        </span>
      </Flex>
    </Flex>
  );
}
