/**
 * One application: customer, lines, totals, payments (receipt reprint, void request), the pay form,
 * and the money actions a role allows (refund, cancel). Used for registrations and the pay-balance screen.
 */
import {
  CarOutlined,
  CheckSquareOutlined,
  DollarOutlined,
  EditOutlined,
  FileTextOutlined,
  PrinterOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { formatBaht, formatNationalId, isMoneyString, toSatang } from '@khabkhi/thai';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { enterToNextProps } from '../../components/enterToNext';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { useBanner } from '../../components/useBanner';
import { LineLessons } from '../lessons/LineLessons';
import {
  applicationKeys,
  PAY_TYPES,
  STATUS_COLORS,
  useApplication,
  useRegisterOptions,
  type ApplicationDetail as Detail,
  type Payment,
} from './api';
import {
  cancelApplication,
  payBalance,
  printApplicationForm,
  printReceipt,
  refundApplication,
  requestVoid,
  updateCustomerProfile,
} from './queries';
import type { PayType } from '@khabkhi/contracts';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { CustomerBlock, customerBody } from './CustomerBlock';
import { approvalKeys } from '../approvals/queries';
import { paymentKeys } from '../payments/queries';
import { transferBody, type TransferForm } from '../payments/transfer';
import { TransferFields, transferDefaults } from '../payments/TransferFields';
import { PaymentKind } from '../payments/PaymentKind';
import { phoneText } from '../../components/phoneField';
import { ApplicationHistory } from '../audit/ApplicationHistory';

// the customer's exam history, loaded with the exam feature's chunk
const CustomerExams = lazy(() => import('../exams/CustomerExams').then((m) => ({ default: m.CustomerExams })));

type Prefix = 'application' | 'applicationfee' | 'applicationrequest';

export default function ApplicationDetail({
  prefix = 'application',
  back = '/applications',
  focusPay = false,
}: {
  prefix?: Prefix;
  back?: string;
  focusPay?: boolean;
}) {
  const { id } = useParams();
  const appId = Number(id);
  const q = useApplication(prefix, appId);
  const qc = useQueryClient();
  const { can } = useSession();
  const { modal, message } = App.useApp();
  const [banner, setBanner] = useBanner(id);
  const [payForm] = Form.useForm();
  const payKey = useRef(newKey());
  const [refund, setRefund] = useState<{ open: boolean; key: string }>({ open: false, key: newKey() });
  const [refundForm] = Form.useForm();
  const [voidOf, setVoidOf] = useState<Payment | null>(null);
  const [voidForm] = Form.useForm();
  const [editCustomer, setEditCustomer] = useState(false);
  const [customerForm] = Form.useForm();
  const opts = useRegisterOptions();
  const a = q.data;
  const payType = Form.useWatch('pay_type', payForm) as string | undefined;
  // an error after an action is shown at the action: the pay card, the refund or void dialog
  const [payError, setPayError] = useState<string | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);

  const refresh = (data?: Detail) => {
    if (data) qc.setQueryData(['application', prefix, appId], data);
    void qc.invalidateQueries({ queryKey: applicationKeys.one(prefix, appId) });
    for (const k of [applicationKeys.table, applicationKeys.outstanding, applicationKeys.overdue, paymentKeys.table])
      void qc.invalidateQueries({ queryKey: k });
  };
  // an error after a button (print, cancel) appears in the viewport at once, not in a banner scrolled out of view
  const fail = (e: unknown) => {
    void message.error(errorMessage(e), 8);
  };

  const pay = useMutation({
    mutationFn: (v: { paid: string; pay_type: PayType; note?: string } & TransferForm) =>
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
      setBanner({ status: 'success', message: res.message });
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

  const doRefund = useMutation({
    mutationFn: (v: { value: string; note: string; pay_type: PayType }) =>
      refundApplication(
        prefix,
        { application_id: appId, value: v.value, note: v.note.trim(), pay_type: v.pay_type },
        refund.key,
      ),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh(res.data.application);
      openPdf(res.data.pdf);
      // SPEC §4: the pending refund fields are kept until the call returns, then reset
      setRefund({ open: false, key: newKey() });
      refundForm.resetFields();
    },
    // refused: the dialog stays open with the reason in it
    onError: (e) => {
      setModalError(errorMessage(e));
      setRefund((r) => ({ ...r, key: newKey() }));
      refresh();
    },
  });

  const askVoid = useMutation({
    mutationFn: (v: { note: string }) => requestVoid(voidOf!.payment_id, v.note.trim()),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      setVoidOf(null);
      voidForm.resetFields();
      refresh();
      for (const k of [approvalKeys.table, approvalKeys.pendingCount]) void qc.invalidateQueries({ queryKey: k });
    },
    onError: (e) => setModalError(errorMessage(e)),
  });

  const cancel = useMutation({
    mutationFn: () => cancelApplication(prefix, appId),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh(res.data);
    },
    onError: fail,
  });

  const saveCustomer = useMutation({
    mutationFn: (v: { customer: Record<string, unknown> }) =>
      updateCustomerProfile({ ...customerBody(v.customer), customer_id: a!.customer_id }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      setEditCustomer(false);
      refresh();
    },
    onError: (e) => modal.error({ title: 'บันทึกไม่สำเร็จ', content: errorMessage(e) }),
  });

  const reprint = (p: Payment) => printReceipt(appId, p).catch(fail);
  const printForm = () => printApplicationForm(prefix, appId).catch(fail);

  if (q.isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (q.isError || !a) return <ResultBanner result={{ status: 'error', message: errorMessage(q.error) }} />;

  const balanceS = toSatang(a.balance);
  const paidS = toSatang(a.paid);
  const canPay = can('create', 'Payment') && toSatang(a.due) > 0 && !a.closed_reason;
  const c = a.customer;
  const lines: {
    key: string;
    evaluation?: number;
    name: string;
    sub: string;
    exam: string | null;
    cost: string;
    discount: string;
  }[] = [
    // a request-fee application is priced by its request fees; the registration's courses are named in the header
    ...(a.kind === 'request' ? [] : a.courses).map((l) => ({
      key: `c${l.line_id}`,
      evaluation: a.kind === 'course' ? l.line_id : undefined,
      name: l.course_name,
      sub: [l.course_type, l.promotion_code && `โปรโมชั่น ${l.promotion_code}`, l.exam_date && `วันสอบ`]
        .filter(Boolean)
        .join(' · '),
      exam: l.exam_date,
      cost: l.cost,
      discount: l.discount,
    })),
    ...a.other_fees.map((l) => ({
      key: `f${l.line_id}`,
      name: l.other_fee_name,
      sub: 'ค่าธรรมเนียมอื่น',
      exam: l.date,
      cost: l.cost,
      discount: l.discount,
    })),
    ...a.request_fees.map((l) => ({
      key: `r${l.line_id}`,
      name: l.request_fee_name,
      sub: 'ค่าคำร้อง',
      exam: l.date,
      cost: l.cost,
      discount: l.discount,
    })),
  ];
  // a course registration's training record and pre-exam vehicle check live in the exam screens
  const examLinks = a.kind === 'course' && !a.is_delete && can('read', 'Exam');

  return (
    <div>
      <PageHeader
        title={
          <>
            {a.application_code} <Tag color={STATUS_COLORS[a.status] ?? 'blue'}>{a.status}</Tag>
          </>
        }
        subtitle={
          <>
            สมัครเมื่อ <ThaiDate value={a.createdAt} variant="datetime" /> · {a.branch_name} · บันทึกโดย {a.created_by_name}
            {a.related_application_code
              ? ` · คำร้องของใบสมัคร ${a.related_application_code}${a.kind === 'request' && a.courses.length ? ` (${a.courses.map((l) => l.course_name).join(', ')})` : ''}`
              : ''}
          </>
        }
        back={back}
        extra={
          <>
            <Button icon={<FileTextOutlined />} onClick={() => void printForm()}>
              พิมพ์ใบสมัคร
            </Button>
            {can('update', 'Payment') && paidS > 0 && !a.is_delete && (
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
            {can('delete', 'Application') && paidS === 0 && !a.is_delete && (
              <Popconfirm
                title="ยกเลิกใบสมัครนี้?"
                description="ใบสมัครจะยังแสดงในรายการด้วยสถานะยกเลิก"
                okText="ยกเลิกใบสมัคร"
                cancelText="ไม่"
                okButtonProps={{ danger: true }}
                onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
              >
                <Button danger icon={<StopOutlined />}>
                  ยกเลิกใบสมัคร
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card
            title="ผู้สมัคร"
            style={{ marginBottom: 16 }}
            extra={
              can('update', 'Customer') && (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    customerForm.setFieldsValue({ customer: c });
                    setEditCustomer(true);
                  }}
                >
                  แก้ไข
                </Button>
              )
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'n', label: 'ชื่อ-นามสกุล', children: `${c.prefix}${c.fname} ${c.sname}` },
                {
                  key: 'i',
                  label: c.is_foreigner ? 'เลขหนังสือเดินทาง' : 'เลขบัตรประชาชน',
                  children: c.is_foreigner ? c.idcard : formatNationalId(c.idcard),
                },
                {
                  key: 'b',
                  label: 'วันเกิด',
                  children: c.birthday ? (
                    <span>
                      <ThaiDate value={c.birthday} variant="long" />
                      {c.age !== null && c.age !== undefined ? ` (${c.age} ปี)` : ''}
                    </span>
                  ) : (
                    '-'
                  ),
                },
                {
                  key: 'p',
                  label: 'โทรศัพท์',
                  children: [c.phone_1, c.phone_2].filter(Boolean).map(phoneText).join(', ') || '-',
                },
                {
                  key: 'a',
                  label: 'ที่อยู่',
                  span: 2,
                  children:
                    [
                      c.address,
                      c.moo && `หมู่ ${c.moo}`,
                      c.soi && `ซ.${c.soi}`,
                      c.street && `ถ.${c.street}`,
                      c.subdistrict,
                      c.district,
                      c.province,
                      c.postcode,
                    ]
                      .filter(Boolean)
                      .join(' ') || '-',
                },
              ]}
            />
          </Card>
          <Card
            title="รายการ"
            style={{ marginBottom: 16 }}
            extra={
              examLinks && (
                <Link to={`/vehicle-checks/${appId}`} data-testid="vehicle-check-link">
                  <CarOutlined /> ตรวจสภาพรถก่อนสอบ
                </Link>
              )
            }
          >
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={lines}
              columns={[
                {
                  title: 'รายการ',
                  dataIndex: 'name',
                  render: (v: string, r) => (
                    <>
                      <div>{v}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.sub}
                        {r.exam ? (
                          <>
                            {' '}
                            <ThaiDate value={r.exam} />
                          </>
                        ) : null}
                      </Typography.Text>
                      {examLinks && r.evaluation !== undefined && (
                        <div>
                          <Link
                            to={`/evaluations/${r.evaluation}`}
                            style={{ fontSize: 12 }}
                            data-testid="evaluation-link"
                          >
                            <CheckSquareOutlined /> ผลการประเมิน
                          </Link>
                        </div>
                      )}
                    </>
                  ),
                },
                { title: 'ราคา', dataIndex: 'cost', align: 'right', render: (v: string) => <MoneyText value={v} /> },
                {
                  title: 'ส่วนลด',
                  dataIndex: 'discount',
                  align: 'right',
                  render: (v: string) => <MoneyText value={v} />,
                },
                {
                  title: 'สุทธิ',
                  key: 'net',
                  align: 'right',
                  render: (_: unknown, r) => (
                    <MoneyText value={formatBaht(toSatang(r.cost) - toSatang(r.discount)).replace(/,/g, '')} />
                  ),
                },
              ]}
            />
          </Card>
          {a.kind === 'course' && !a.is_delete && (
            <LineLessons lines={a.courses} branchId={a.branch_id} customer={`${c.fname} ${c.sname}`} />
          )}
        </Col>
        <Col xs={24} lg={9}>
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
                {balanceS > 0 ? ` ไม่เรียกเก็บส่วนที่ยังไม่ได้ชำระ ${formatBaht(a.balance)} บาท` : ''}
              </Typography.Paragraph>
            )}
          </Card>
          {!canPay && payError && (
            // the pay form is gone (the balance was taken meanwhile, or the application closed): the reason stays where it was
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="pay-error"
              style={{ marginBottom: 16 }}
              title={payError}
              closable={{ onClose: () => setPayError(null), 'aria-label': 'ปิด' }}
            />
          )}
          {canPay && (
            <Card title="รับชำระ" style={{ marginBottom: 16 }}>
              <Form
                form={payForm}
                name="pay"
                layout="vertical"
                initialValues={{ paid: a.due, pay_type: 'cash', note: '', ...transferDefaults() }}
                {...enterToNextProps}
                disabled={pay.isPending}
                onFinish={(v) => {
                  setBanner(null);
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
                {payError && (
                  <Alert
                    type="error"
                    showIcon
                    role="alert"
                    data-testid="pay-error"
                    style={{ marginBottom: 12 }}
                    title={payError}
                    closable={{ onClose: () => setPayError(null), 'aria-label': 'ปิด' }}
                  />
                )}
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<DollarOutlined />}
                  loading={pay.isPending}
                  block
                  size="large"
                >
                  รับชำระและพิมพ์ใบเสร็จ
                </Button>
              </Form>
            </Card>
          )}
          {a.note && (
            <Card title="หมายเหตุ" size="small">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.note}</Typography.Paragraph>
            </Card>
          )}
        </Col>
      </Row>
      <Card title="ประวัติการชำระเงิน" style={{ marginBottom: 16 }}>
        <Table<Payment>
          size="small"
          pagination={false}
          rowKey="payment_id"
          dataSource={a.payments}
          locale={{ emptyText: 'ยังไม่มีการชำระเงิน' }}
          scroll={{ x: 'max-content' }}
          rowClassName={(p) => (p.is_void ? 'row-void' : '')}
          columns={[
            {
              title: 'เลขที่',
              dataIndex: 'payment_code',
              render: (v: string, p) => (
                <span style={p.is_void ? { textDecoration: 'line-through' } : undefined}>{v}</span>
              ),
            },
            { title: 'วันที่', dataIndex: 'createdAt', render: (v: string) => <ThaiDate value={v} variant="datetime" /> },
            { title: 'รายการ', key: 'kind', render: (_: unknown, p) => <PaymentKind p={p} /> },
            { title: 'จำนวนเงิน', dataIndex: 'paid', align: 'right', render: (v: string) => <MoneyText value={v} /> },
            { title: 'หมายเหตุ', dataIndex: 'note' },
            { title: 'ผู้รับเงิน', dataIndex: 'created_by_name' },
            {
              title: '',
              key: 'act',
              render: (_: unknown, p) => (
                <Space size={4}>
                  <Button size="small" icon={<PrinterOutlined />} onClick={() => void reprint(p)}>
                    พิมพ์
                  </Button>
                  {p.kind === 'payment' && !p.is_void && !p.pending_void && can('create', 'Request') && (
                    <Button
                      size="small"
                      danger
                      onClick={() => {
                        setModalError(null);
                        voidForm.resetFields();
                        setVoidOf(p);
                      }}
                    >
                      ขอยกเลิก
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>

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
          onFinish={(v) => {
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

      <Modal
        title={`ขอยกเลิกรายการ ${voidOf?.payment_code ?? ''}`}
        open={!!voidOf}
        okText="ส่งคำขอ"
        cancelText="ปิด"
        okButtonProps={{ danger: true, loading: askVoid.isPending }}
        onCancel={() => {
          if (!askVoid.isPending) setVoidOf(null);
        }}
        onOk={() => voidForm.submit()}
      >
        <Typography.Paragraph>
          รายการ {voidOf?.payment_code} จำนวน {voidOf ? formatBaht(voidOf.paid) : ''} บาท จะถูกยกเลิกเมื่อผู้มีสิทธิ์อนุมัติ
          (ผู้ขอไม่สามารถอนุมัติเองได้) เลขที่ใบเสร็จจะไม่ถูกนำกลับมาใช้
        </Typography.Paragraph>
        {modalError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={modalError} />}
        <Form
          form={voidForm}
          name="void"
          layout="vertical"
          onFinish={(v) => {
            setModalError(null);
            askVoid.mutate(v);
          }}
        >
          <Form.Item
            name="note"
            label="เหตุผลที่ขอยกเลิก"
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกเหตุผล' }]}
          >
            <Input.TextArea rows={2} maxLength={500} autoFocus />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title="แก้ไขข้อมูลผู้สมัคร"
        open={editCustomer}
        width={1000}
        okText="บันทึก"
        cancelText="ยกเลิก"
        okButtonProps={{ loading: saveCustomer.isPending }}
        onCancel={() => setEditCustomer(false)}
        onOk={() => customerForm.submit()}
        destroyOnHidden
      >
        <Form
          form={customerForm}
          name="profile"
          layout="vertical"
          onFinish={(v) => saveCustomer.mutate(v)}
          {...enterToNextProps}
        >
          <CustomerBlock
            form={customerForm}
            prefixes={opts.data?.prefixes ?? []}
            cardPort={opts.data?.card_agent_port ?? 8189}
          />
        </Form>
      </Modal>
      {a && a.kind === 'course' && can('read', 'Exam') ? (
        <Suspense fallback={null}>
          <CustomerExams customerId={a.customer_id} />
        </Suspense>
      ) : null}
      {appId ? <ApplicationHistory applicationId={appId} /> : null}
    </div>
  );
}
