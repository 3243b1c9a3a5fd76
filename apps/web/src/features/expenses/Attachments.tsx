/** The bills of an expense: upload several photos or PDFs, preview them, remove one. Value: file ids in order. */
import { DeleteOutlined, FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tooltip, Upload } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { getFile } from '../../api/common';
import { useFileUrl } from '../../components/PhotoAvatar';
import { BILL_TYPES, megabytes, uploadRefusal, useUploadLimit } from '../../components/upload';
import { uploadBill } from './queries';

export interface AttachedFile {
  file_id: string;
  file_type: string;
}

function Thumb({ f, onRemove, disabled }: { f: AttachedFile; onRemove: () => void; disabled?: boolean }) {
  const url = useFileUrl(f.file_id);
  const open = async () => {
    const blob = await getFile(f.file_id);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  return (
    <div
      className="kk-bill"
      data-testid="bill"
      style={{
        position: 'relative',
        width: 88,
        height: 88,
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        background: '#fafafa',
      }}
    >
      {f.file_type === 'pdf' ? (
        <Button
          type="text"
          icon={<FilePdfOutlined style={{ fontSize: 28, color: '#cf1322' }} />}
          onClick={open}
          aria-label="เปิดไฟล์ PDF"
        >
          PDF
        </Button>
      ) : url ? (
        <Image src={url} width={86} height={86} style={{ objectFit: 'cover' }} alt="รูปใบเสร็จ" />
      ) : (
        <PaperClipOutlined />
      )}
      {!disabled && (
        <Tooltip title="นำไฟล์นี้ออก">
          <Button
            size="small"
            danger
            type="primary"
            shape="circle"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label="นำไฟล์นี้ออก"
            style={{ position: 'absolute', top: 2, right: 2 }}
          />
        </Tooltip>
      )}
    </div>
  );
}

export function Attachments({
  value = [],
  onChange,
  disabled,
}: {
  value?: AttachedFile[];
  onChange?: (v: AttachedFile[]) => void;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const maxBytes = useUploadLimit();
  const [busy, setBusy] = useState(0);
  // several files upload at once: each adds itself to the latest list, not to the list its upload started with
  const latest = useRef(value);
  latest.current = value;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8}>
        {value.map((f) => (
          <Thumb
            key={f.file_id}
            f={f}
            disabled={disabled}
            onRemove={() => onChange?.(value.filter((x) => x.file_id !== f.file_id))}
          />
        ))}
      </Flex>
      <Upload
        accept={BILL_TYPES.join(',')}
        multiple
        showUploadList={false}
        disabled={disabled || value.length >= 10}
        beforeUpload={(file) => {
          const refusal = uploadRefusal(file, BILL_TYPES, maxBytes, 'ไฟล์แนบ');
          if (refusal) message.error(refusal);
          return refusal ? Upload.LIST_IGNORE : true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy((n) => n + 1);
          try {
            const res = await uploadBill(file as File);
            const next = [...(latest.current ?? []), { file_id: res.file_id, file_type: res.file_type }];
            latest.current = next;
            onChange?.(next);
            onSuccess?.(res);
          } catch (e) {
            message.error(errorMessage(e));
            onError?.(e as Error);
          } finally {
            setBusy((n) => n - 1);
          }
        }}
      >
        <Button icon={<PaperClipOutlined />} loading={busy > 0} disabled={disabled}>
          แนบรูปหรือ PDF ใบเสร็จ
        </Button>
      </Upload>
      <span style={{ fontSize: 12, color: '#888' }}>
        JPEG, PNG หรือ PDF ไม่เกิน {maxBytes ? megabytes(maxBytes) : '2'} MB ต่อไฟล์ สูงสุด 10 ไฟล์
      </span>
    </Flex>
  );
}
