/**
 * Refund on an application: the header button and its dialog. The refund closes the application (no more
 * payments, the rest is not collected) and prints a refund slip with a new number.
 */
import { RollbackOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { formatBaht, isMoneyString, toSatang } from '@khabkhi/thai';
import type { PayType } from '@khabkhi/contracts';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { enterToNextProps } from '../../components/enterToNext';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import type { BannerState } from '../../components/ResultBanner';
import { PAY_TYPES, type ApplicationDetail } from './api';
import { refundApplication } from './queries';
import { useApplicationRefresh } from './useApplicationRefresh';

type RefundForm = { value: string; note: string; pay_type: PayType };

/** `show`: the button is offered (the dialog stays mounted so that it closes as it opened). */
export function RefundAction({
  a,
  prefix,
  appId,
  show,
  onBanner,
}: {
  a: ApplicationDetail;
  prefix: string;
  appId: number;
  show: boolean;
  onBanner: (banner: BannerState) => void;
}) {
  const refresh = useApplicationRefresh(prefix, appId);
  const [refund, setRefund] = useState<{ open: boolean; key: string }>({ open: false, key: newKey() });
  const [refundForm] = Form.useForm();
  // refused: the dialog stays open with the reason in it
  const [modalError, setModalError] = useState<string | null>(null);
  const paidS = toSatang(a.paid);

  const doRefund = useMutation({
    mutationFn: (v: RefundForm) =>
      refundApplication(
        prefix,
        { application_id: appId, value: v.value, note: v.note.trim(), pay_type: v.pay_type },
        refund.key,
      ),
    onSuccess: (res) => {
      onBanner({ status: 'success', message: res.message });
      refresh(res.data.application);
      openPdf(res.data.pdf);
      // SPEC §4: the pending refund fields are kept until the call returns, then reset
      setRefund({ open: false, key: newKey() });
      refundForm.resetFields();
    },
    onError: (e) => {
      setModalError(errorMessage(e));
      setRefund((r) => ({ ...r, key: newKey() }));
      refresh();
    },
  });

  return (
    <>
      {show && (
        <Button
          icon={<RollbackOutlined />}
          onClick={() => {
            setModalError(null);
            refundForm.setFieldsValue({ value: '', note: '', pay_type: 'cash' });
            setRefund((r) => ({ ...r, open: true }));
          }}
        >
          คืนเงิน
        </Button>
      )}
      <Modal
        title="คืนเงิน"
        open={refund.open}
        okText="ยืนยันคืนเงิน"
        cancelText="ยกเลิก"
        okButtonProps={{ danger: true, loading: doRefund.isPending }}
        onCancel={() => {
          if (!doRefund.isPending) {
            setRefund({ open: false, key: newKey() });
            refundForm.resetFields();
          }
        }}
        onOk={() => refundForm.submit()}
      >
        <Form
          form={refundForm}
          name="refund"
          layout="vertical"
          onFinish={(v: RefundForm) => {
            setModalError(null);
            doRefund.mutate(v);
          }}
          {...enterToNextProps}
        >
          <Typography.Paragraph>
            ชำระแล้ว {formatBaht(a.paid)} บาท (เงินสดและเงินโอนแยกตามที่รับมา) การคืนเงินจะออกใบคืนเงินเลขที่ใหม่ และใบสมัครนี้จะปิด:
            ไม่รับชำระเพิ่มและไม่เรียกเก็บยอดที่เหลือ
          </Typography.Paragraph>
          {modalError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={modalError} />}
          <Form.Item
            name="value"
            label="จำนวนเงินที่คืน"
            rules={[
              moneyRule('จำนวนเงินที่คืน', true),
              {
                validator: (_, v: string) =>
                  !v || !isMoneyString(v) || (toSatang(v) > 0 && toSatang(v) <= paidS)
                    ? Promise.resolve()
                    : Promise.reject(new Error(`คืนได้ไม่เกิน ${formatBaht(a.paid)} บาท`)),
              },
            ]}
          >
            <MoneyInput autoFocus />
          </Form.Item>
          <Form.Item name="pay_type" label="คืนเป็น" initialValue="cash">
            <Radio.Group options={PAY_TYPES} optionType="button" />
          </Form.Item>
          <Form.Item
            name="note"
            label="เหตุผลการคืนเงิน"
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกเหตุผลการคืนเงิน' }]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
