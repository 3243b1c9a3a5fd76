/**
 * The approved month's bank uploads (Krungthai, Bangkok Bank: the school's account there is asked once and
 * remembered on this computer) and the branch's withholding certificates 50 ทวิ of the year as one PDF.
 */
import { BankOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { downloadPayrollFile } from './files';
import { openBranchCertificates, type PayrollRow } from './queries';

type Bank = 'bank_ktb' | 'bank_bbl';
interface BankForm {
  document: Bank;
  account: string;
  company_id?: string;
}
const BANKS: { value: Bank; label: string }[] = [
  { value: 'bank_ktb', label: 'ธนาคารกรุงไทย (KTB Corporate Online: เงินเดือน)' },
  { value: 'bank_bbl', label: 'ธนาคารกรุงเทพ (Payroll Direct Credit)' },
];
const STORE = 'khabkhi.payroll.bankFile';

export function StatutoryFiles({
  p,
  onDone,
  onFail,
}: {
  p: PayrollRow;
  onDone: (res: { message: string }) => void;
  onFail: (e: unknown) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<BankForm>();
  const document = Form.useWatch('document', form);
  const year = Number(p.month.slice(0, 4));

  const saved = (): Partial<BankForm> => {
    try {
      return JSON.parse(localStorage.getItem(STORE) ?? '{}') as Partial<BankForm>;
    } catch {
      return {};
    }
  };
  const submit = async (v: BankForm) => {
    setBusy(true);
    try {
      localStorage.setItem(STORE, JSON.stringify(v));
      const message = await downloadPayrollFile(p.payroll_id, v.document, {
        account: v.account,
        ...(v.document === 'bank_ktb' ? { company_id: v.company_id ?? '' } : {}),
      });
      onDone({ message });
      setOpen(false);
    } catch (e) {
      onFail(e);
    } finally {
      setBusy(false);
    }
  };
  const certificates = async () => {
    try {
      await openBranchCertificates(p.branch_id, year);
    } catch (e) {
      onFail(e);
    }
  };

  return (
    <>
      <Button
        icon={<BankOutlined />}
        onClick={() => {
          form.setFieldsValue({ document: 'bank_ktb', ...saved() });
          setOpen(true);
        }}
      >
        ไฟล์โอนเงินเดือนของธนาคาร
      </Button>
      <Button icon={<FilePdfOutlined />} onClick={() => void certificates()}>
        50 ทวิ ทั้งสาขา ปี {year + 543}
      </Button>
      <Modal
        open={open}
        title="ไฟล์โอนเงินเดือนตามรูปแบบของธนาคาร"
        okText="สร้างไฟล์"
        cancelText="ยกเลิก"
        okButtonProps={{ loading: busy }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <p>ไฟล์ของธนาคารมีเฉพาะพนักงานที่มีบัญชีกับธนาคารนั้น พนักงานที่ใช้ธนาคารอื่นอยู่ในรายการโอนเงินเดือนทั่วไป</p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="document" label="ธนาคาร" rules={[{ required: true, message: 'กรุณาเลือกธนาคาร' }]}>
            <Select options={BANKS} />
          </Form.Item>
          <Form.Item
            name="account"
            label="เลขที่บัญชีของโรงเรียนที่ธนาคารนี้ (บัญชีที่ตัดเงิน)"
            rules={[
              { required: true, message: 'กรุณาระบุเลขที่บัญชี' },
              { pattern: /^[\d\s-]{10,14}$/, message: 'เลขที่บัญชีต้องเป็นตัวเลข 10 หลัก' },
            ]}
          >
            <Input inputMode="numeric" maxLength={14} placeholder="123-4-56789-0" autoFocus />
          </Form.Item>
          {document === 'bank_ktb' && (
            <Form.Item
              name="company_id"
              label="รหัสบริษัท (Company ID) ที่ธนาคารกรุงไทยให้ไว้"
              rules={[{ required: true, message: 'กรุณาระบุรหัสบริษัท' }]}
            >
              <Input maxLength={16} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
