/** Add or edit an other income (not a payment of an application), with photos or PDFs of the bill attached. */
import { DeleteOutlined, FilePdfOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { AttachedFile, IncomeBody } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { useFileUrl } from '../../components/AuthImage';
import { applyServerError } from '../../components/formErrors';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { BILL_TYPES, megabytes, uploadRefusal, useUploadLimit } from '../../components/upload';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { accountingKeys, createIncome, getIncome, updateIncome, uploadBill } from './queries';

type Attached = Pick<AttachedFile, 'file_id' | 'file_type'> & { name?: string };

export interface IncomeFormModalProps {
  /** null: closed; 'new': add; a number: edit that income */
  target: 'new' | number | null;
  branches: { value: number; name: string }[];
  defaultBranch?: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function Thumb({ f, onRemove }: { f: Attached; onRemove?: () => void }) {
  const url = useFileUrl(f.file_id);
  const open = () => {
    if (url) window.open(url, '_blank', 'noopener');
  };
  return (
    <Flex
      align="center"
      gap={8}
      style={{ border: '1px solid #e5e5e5', borderRadius: 6, padding: 4 }}
      data-testid="attachment"
    >
      <button
        type="button"
        onClick={open}
        style={{ border: 0, background: 'none', cursor: 'pointer', padding: 0 }}
        aria-label="เปิดไฟล์แนบ"
      >
        {f.file_type === 'pdf' ? (
          <FilePdfOutlined style={{ fontSize: 36, color: '#c0392b' }} />
        ) : url ? (
          <img src={url} alt="ไฟล์แนบ" style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <PaperClipOutlined style={{ fontSize: 24 }} />
        )}
      </button>
      <span style={{ fontSize: 12, maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {f.name ?? (f.file_type === 'pdf' ? 'PDF' : 'รูปภาพ')}
      </span>
      {onRemove && (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="นำไฟล์ออก" />
      )}
    </Flex>
  );
}

export function IncomeFormModal({ target, branches, defaultBranch, onClose, onSaved }: IncomeFormModalProps) {
  const [form] = Form.useForm<IncomeBody>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [attached, setAttached] = useState<Attached[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const editing = typeof target === 'number' ? target : null;
  const maxBytes = useUploadLimit();
  const record = useQuery({
    queryKey: accountingKeys.income(editing),
    queryFn: () => getIncome(editing!),
    enabled: editing !== null,
  });

  useEffect(() => {
    if (target === null) return;
    setError(null);
    if (target === 'new') {
      form.resetFields();
      form.setFieldsValue({ branch_id: defaultBranch ?? branches[0]?.value, date: todayBangkok(), pay_type: 'cash' });
      setAttached([]);
    }
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (editing === null || !record.data) return;
    const r = record.data;
    form.setFieldsValue({
      branch_id: r.branch_id,
      date: r.date,
      name: r.name,
      detail: r.detail,
      pay_type: r.pay_type as 'cash',
      value: r.value,
    });
    setAttached(r.files.map((f) => ({ file_id: f.file_id, file_type: f.file_type })));
  }, [record.data, editing]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    mutationFn: (v: IncomeBody) => {
      const body = { ...v, detail: v.detail ?? '', files: attached.map((f) => f.file_id) };
      return editing === null ? createIncome(body) : updateIncome({ ...body, income_id: editing });
    },
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: accountingKeys.incomeTable });
      void qc.invalidateQueries({ queryKey: accountingKeys.expensesTable });
      void qc.invalidateQueries({ queryKey: accountingKeys.income(editing) });
      onSaved(res.message);
    },
    onError: (e) => setError(applyServerError(form, errorMessage(e)) ?? errorMessage(e)),
  });

  return (
    <Modal
      open={target !== null}
      title={editing === null ? 'เพิ่มรายรับอื่น' : 'แก้ไขรายรับอื่น'}
      okText="บันทึก"
      cancelText="ยกเลิก"
      destroyOnHidden
      okButtonProps={{ loading: save.isPending, disabled: uploading }}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      width={560}
    >
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      {editing !== null && record.isError && (
        <Alert type="error" showIcon title={errorMessage(record.error)} style={{ marginBottom: 12 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setError(null);
          save.mutate(v);
        }}
        disabled={editing !== null && record.isLoading}
      >
        <Flex gap={12}>
          <Form.Item
            name="branch_id"
            label="สาขา"
            rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}
            style={{ flex: 1 }}
          >
            <Select options={branches.map((b) => ({ value: b.value, label: b.name }))} />
          </Form.Item>
          <Form.Item name="date" label="วันที่" rules={[{ required: true, message: 'กรุณาเลือกวันที่' }]} style={{ flex: 1 }}>
            <ThaiDatePicker />
          </Form.Item>
        </Flex>
        <Form.Item
          name="name"
          label="รายการ"
          rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อรายการรายรับ' }]}
        >
          <Input maxLength={200} placeholder="เช่น ค่าเช่าสนามฝึก ขายเศษวัสดุ" autoFocus />
        </Form.Item>
        <Form.Item name="detail" label="รายละเอียด">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="value"
            label="จำนวนเงิน"
            required
            rules={[
              moneyRule('จำนวนเงิน', true),
              {
                validator: (_, v) =>
                  v && Number(v) <= 0 ? Promise.reject(new Error('จำนวนเงินต้องมากกว่า 0 บาท')) : Promise.resolve(),
              },
            ]}
            style={{ flex: 1 }}
          >
            <MoneyInput aria-label="จำนวนเงิน" />
          </Form.Item>
          <Form.Item name="pay_type" label="ช่องทาง" style={{ flex: 1 }}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'cash', label: 'เงินสด' },
                { value: 'transfer', label: 'โอนเงิน' },
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          label="ไฟล์แนบ (ใบเสร็จ สลิป)"
          extra={`รูปภาพ JPEG, PNG หรือ PDF${maxBytes ? ` ไม่เกิน ${megabytes(maxBytes)} MB ต่อไฟล์` : ''} สูงสุด 10 ไฟล์`}
        >
          <Flex gap={8} wrap>
            {attached.map((f) => (
              <Thumb
                key={f.file_id}
                f={f}
                onRemove={() => setAttached((a) => a.filter((x) => x.file_id !== f.file_id))}
              />
            ))}
            <Upload
              accept={BILL_TYPES.join(',')}
              multiple
              showUploadList={false}
              disabled={attached.length >= 10}
              beforeUpload={(file) => {
                const refusal = uploadRefusal(file, BILL_TYPES, maxBytes, 'ไฟล์');
                if (refusal) message.error(refusal);
                return refusal ? Upload.LIST_IGNORE : true;
              }}
              customRequest={async ({ file, onSuccess, onError }) => {
                setUploading(true);
                try {
                  const res = await uploadBill(file as File);
                  setAttached((a) => [
                    ...a,
                    { file_id: res.file_id, file_type: res.file_type, name: (file as File).name },
                  ]);
                  onSuccess?.(res);
                } catch (e) {
                  message.error(errorMessage(e));
                  onError?.(e as Error);
                } finally {
                  setUploading(false);
                }
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                แนบไฟล์
              </Button>
            </Upload>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
