/**
 * The money side of an application: the totals card and the pay form (pay the balance, print the receipt).
 * A refused payment keeps its reason at the pay button, or where the form was when the form is gone.
 */
import { DollarOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { formatBaht, isMoneyString, toSatang } from '@khabkhi/thai';
import type { PayType } from '@khabkhi/contracts';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { useSession } from '../../api/useSession';
import { enterToNextProps } from '../../components/enterToNext';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { MoneyText } from '../../components/MoneyText';
import type { BannerState } from '../../components/ResultBanner';
import { transferBody, type TransferForm } from '../payments/transfer';
import { TransferFields, transferDefaults } from '../payments/TransferFields';
import { PAY_TYPES, useRegisterOptions, type ApplicationDetail } from './api';
import { payBalance } from './queries';
import { useApplicationRefresh } from './useApplicationRefresh';

export function ApplicationTotalsCard({ a }: { a: ApplicationDetail }) {
  const paidS = toSatang(a.paid);
  return (
    <Card title="ยอดเงิน" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 't', label: 'ยอดรวม', children: <MoneyText value={a.total} unit /> },
          { key: 'd', label: 'ส่วนลด', children: <MoneyText value={a.discount} unit /> },
          { key: 'n', label: 'ยอดสุทธิ', children: <MoneyText value={a.net} unit strong /> },
          ...(toSatang(a.refunded) > 0
            ? [
                {
                  key: 'g',
                  label: 'รับชำระ',
                  children: <MoneyText value={formatBaht(paidS + toSatang(a.refunded)).replace(/,/g, '')} unit />,
                },
                { key: 'r', label: 'หัก คืนเงิน', children: <MoneyText value={a.refunded} unit /> },
                { key: 'p', label: 'ชำระสุทธิ', children: <MoneyText value={a.paid} unit /> },
              ]
            : [{ key: 'p', label: 'ชำระแล้ว', children: <MoneyText value={a.paid} unit /> }]),
          {
            key: 'b',
            label: a.closed_reason ? 'ยอดค้างชำระ' : 'ยอดคงเหลือ',
            children: (
              <span data-testid="balance">
                <MoneyText value={a.due} unit strong />
              </span>
            ),
          },
        ]}
      />
      {a.closed_reason && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="closed-reason">
          {a.closed_reason}
          {toSatang(a.balance) > 0 ? ` ไม่เรียกเก็บส่วนที่ยังไม่ได้ชำระ ${formatBaht(a.balance)} บาท` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

type PayForm = { paid: string; pay_type: PayType; note?: string } & TransferForm;

export function PayCard({
  a,
  prefix,
  appId,
  focusPay,
  onBanner,
}: {
  a: ApplicationDetail;
  prefix: string;
  appId: number;
  focusPay: boolean;
  onBanner: (banner: BannerState | null) => void;
}) {
  const { can } = useSession();
  const refresh = useApplicationRefresh(prefix, appId);
  const opts = useRegisterOptions();
  const [payForm] = Form.useForm();
  const payKey = useRef(newKey());
  const payType = Form.useWatch('pay_type', payForm) as string | undefined;
  // an error after paying is shown at the pay card
  const [payError, setPayError] = useState<string | null>(null);

  const pay = useMutation({
    mutationFn: (v: PayForm) =>
      payBalance(
        prefix,
        {
          application_id: appId,
          paid: v.paid,
          pay_type: v.pay_type,
          note: v.note?.trim() ?? '',
          ...transferBody(v.pay_type, v),
        },
        payKey.current,
      ),
    onSuccess: (res, v) => {
      payKey.current = newKey();
      onBanner({ status: 'success', message: res.message });
      refresh(res.data.application);
      // the amount offered next is the new balance (initialValues hold the balance the page opened with); the pay type stays as chosen
      payForm.setFieldsValue({ paid: res.data.application.due, pay_type: v.pay_type, note: '', ...transferDefaults() });
      openPdf(res.data.pdf);
    },
    // refused (e.g. another counter took the balance a moment ago, or the day is closed): the reason at the pay button, and the money as it is now
    onError: (e) => {
      setPayError(errorMessage(e));
      refresh();
    },
  });

  const balanceS = toSatang(a.balance);
  const canPay = can('create', 'Payment') && toSatang(a.due) > 0 && !a.closed_reason;
  const errorAlert = (marginBottom: number) =>
    payError ? (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="pay-error"
        style={{ marginBottom }}
        title={payError}
        closable={{ onClose: () => setPayError(null), 'aria-label': 'ปิด' }}
      />
    ) : null;

  // the pay form is gone (the balance was taken meanwhile, or the application closed): the reason stays where it was
  if (!canPay) return errorAlert(16);
  return (
    <Card title="รับชำระ" style={{ marginBottom: 16 }}>
      <Form
        form={payForm}
        name="pay"
        layout="vertical"
        initialValues={{ paid: a.due, pay_type: 'cash', note: '', ...transferDefaults() }}
        {...enterToNextProps}
        disabled={pay.isPending}
        onFinish={(v: PayForm) => {
          onBanner(null);
          setPayError(null);
          pay.mutate(v);
        }}
      >
        <Form.Item
          name="paid"
          label={`ยอดชำระ (คงเหลือ ${formatBaht(a.due)} บาท)`}
          rules={[
            moneyRule('ยอดชำระ', true),
            {
              validator: (_, v: string) =>
                !v || !isMoneyString(v) || (toSatang(v) > 0 && toSatang(v) <= balanceS)
                  ? Promise.resolve()
                  : Promise.reject(new Error(`ยอดชำระต้องมากกว่า 0 และไม่เกิน ${formatBaht(a.balance)} บาท`)),
            },
          ]}
        >
          <MoneyInput autoFocus={focusPay} />
        </Form.Item>
        <Form.Item name="pay_type" label="ช่องทางชำระ">
          <Radio.Group options={PAY_TYPES} optionType="button" buttonStyle="solid" />
        </Form.Item>
        {payType === 'transfer' && <TransferFields banks={opts.data?.banks ?? []} />}
        <Form.Item name="note" label="หมายเหตุ">
          <Input maxLength={500} />
        </Form.Item>
        {errorAlert(12)}
        <Button type="primary" htmlType="submit" icon={<DollarOutlined />} loading={pay.isPending} block size="large">
          รับชำระและพิมพ์ใบเสร็จ
        </Button>
      </Form>
    </Card>
  );
}
