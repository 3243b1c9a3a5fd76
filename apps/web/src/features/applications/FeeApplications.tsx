/**
 * ค่าธรรมเนียมอื่น (other-fee applications, no course) and ค่าคำร้อง (request-fee applications tied to a
 * registration): lists, a new form each, and the shared detail (ApplicationDetail with their prefix).
 */
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { formatBaht, formatNationalId } from '@khabkhi/thai';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { enterToNextProps } from '../../components/enterToNext';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { ListPage } from '../../components/ListPage';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { applicationKeys, PAY_TYPES, STATUS_COLORS, useRegisterOptions, type ApplicationRow } from './api';
import { createFeeApplication, createRequestApplication, searchRegistrations } from './queries';
import type { PayType } from '@khabkhi/contracts';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { BLANK_CUSTOMER, CustomerBlock, customerBody } from './CustomerBlock';
import { paymentProblem, totalsOf } from './lines';
import { transferBody, type TransferForm } from '../payments/transfer';
import { TransferFields, transferDefaults } from '../payments/TransferFields';

const columns = [
  {
    title: 'เลขที่',
    dataIndex: 'application_code',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
  },
  {
    title: 'วันที่',
    dataIndex: 'createdAt',
    kind: 'date' as const,
    render: (v: string) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <ThaiDate value={v} />
      </span>
    ),
  },
  { title: 'ผู้ชำระ', dataIndex: 'customer_name', wrap: 200 },
  {
    title: 'เลขบัตรประชาชน',
    dataIndex: 'idcard',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatNationalId(v)}</span>,
  },
  {
    title: 'สถานะ',
    dataIndex: 'status',
    render: (v: string) => <Tag color={STATUS_COLORS[v] ?? 'blue'}>{v}</Tag>,
    exportValue: (r: ApplicationRow) => r.status,
  },
  { title: 'สาขา', dataIndex: 'branch_name', wrap: 160 },
  {
    title: 'ยอดสุทธิ',
    dataIndex: 'net',
    kind: 'money' as const,
    fixed: 'right' as const,
    render: (v: string) => <MoneyText value={v} />,
  },
  {
    title: 'ชำระแล้ว',
    dataIndex: 'paid',
    kind: 'money' as const,
    fixed: 'right' as const,
    render: (v: string) => <MoneyText value={v} />,
  },
  {
    title: 'คงเหลือ',
    dataIndex: 'balance',
    kind: 'money' as const,
    fixed: 'right' as const,
    render: (v: string, r: { due?: string }) => <MoneyText value={r.due ?? v} strong />,
    exportValue: (r: ApplicationRow) => r.due ?? r.balance,
  },
];

export function FeeApplicationList({ kind }: { kind: 'fee' | 'request' }) {
  const { can } = useSession();
  const fee = kind === 'fee';
  return (
    <ListPage<ApplicationRow>
      title={fee ? 'ค่าธรรมเนียมอื่น' : 'ค่าคำร้อง'}
      subtitle={
        fee
          ? 'ค่าธรรมเนียมที่ชำระโดยไม่ได้สมัครหลักสูตร เช่น ใบรับรองแพทย์ สอบซ่อม'
          : 'คำร้องของผู้เรียนหลังสมัคร เช่น เปลี่ยนวันสอบ ต่ออายุสิทธิ์สอบ'
      }
      endpoint={fee ? '/applicationfee/gettable' : '/applicationrequest/gettable'}
      rowKey="application_id"
      filters={['branch', 'status']}
      addButton={
        can('create', 'Application')
          ? {
              to: fee ? '/fee-applications/new' : '/request-applications/new',
              label: fee ? 'รับชำระค่าธรรมเนียม' : 'บันทึกค่าคำร้อง',
            }
          : undefined
      }
      detailPath={(r) => `${fee ? '/fee-applications' : '/request-applications'}/${r.application_id}`}
      exportName={fee ? 'ค่าธรรมเนียมอื่น' : 'ค่าคำร้อง'}
      columns={columns}
    />
  );
}

interface FeeLineForm {
  other_fee_id?: number;
  cost?: string;
}

export function NewFeeApplication({ kind }: { kind: 'fee' | 'request' }) {
  const fee = kind === 'fee';
  const [form] = Form.useForm();
  const opts = useRegisterOptions();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const key = useRef(newKey());
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [search, setSearch] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const regs = useQuery({
    queryKey: applicationKeys.requestRegistrations(search),
    enabled: !fee,
    queryFn: () => searchRegistrations(search),
  });
  const lines = (Form.useWatch('lines', form) ?? []) as FeeLineForm[];
  const paid = Form.useWatch('paid', form) as string | undefined;
  const payType = Form.useWatch('pay_type', form) as string | undefined;
  const t = totalsOf([], lines);
  const payError = paymentProblem(paid, t.net);
  const catalog = (fee ? opts.data?.other_fees : opts.data?.request_fees) ?? [];

  const submit = useMutation({
    mutationFn: (
      v: {
        customer: typeof BLANK_CUSTOMER;
        application_id?: number;
        lines: FeeLineForm[];
        paid?: string;
        pay_type: string;
        note?: string;
      } & TransferForm,
    ) => {
      const payment = v.paid ? { paid: v.paid, pay_type: v.pay_type as PayType, ...transferBody(v.pay_type, v) } : null;
      const ls = v.lines.filter((l) => l.other_fee_id);
      return fee
        ? createFeeApplication(
            {
              customer: customerBody(v.customer),
              other_fees: ls.map((l) => ({ other_fee_id: l.other_fee_id! })),
              payment,
              note: v.note ?? '',
            },
            key.current,
          )
        : createRequestApplication(
            {
              application_id: v.application_id!,
              request_fees: ls.map((l) => ({ request_fee_id: l.other_fee_id! })),
              payment,
              note: v.note ?? '',
            },
            key.current,
          );
    },
    onSuccess: (res) => {
      key.current = newKey();
      void qc.invalidateQueries({ queryKey: applicationKeys.feeTable(fee ? 'fee' : 'request') });
      openPdf(res.data.pdf);
      navigate(`${fee ? '/fee-applications' : '/request-applications'}/${res.data.application.application_id}`, {
        state: { banner: { status: res.status, message: res.message } },
      });
    },
    // the reason beside the save button, where the person is looking
    onError: (e) => {
      const m = errorMessage(e);
      setSaveError(m);
      applyServerError(form, m);
    },
  });

  return (
    <div>
      <PageHeader
        title={fee ? 'รับชำระค่าธรรมเนียมอื่น' : 'บันทึกค่าคำร้อง'}
        subtitle="กด Enter เพื่อไปช่องถัดไป"
        back={fee ? '/fee-applications' : '/request-applications'}
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Form
        form={form}
        layout="vertical"
        {...enterToNextProps}
        disabled={submit.isPending}
        initialValues={{
          customer: BLANK_CUSTOMER,
          lines: [{ cost: '0' }],
          pay_type: 'cash',
          paid: '',
          ...transferDefaults(),
        }}
        onFinish={(v) => {
          if (!payError) {
            setBanner(null);
            setSaveError(null);
            submit.mutate(v);
          }
        }}
        onFinishFailed={({ errorFields }) => focusFirstError(form, errorFields)}
      >
        {fee ? (
          <Card title="ผู้ชำระ" className="form-section" style={{ marginBottom: 16 }}>
            <CustomerBlock
              form={form}
              prefixes={opts.data?.prefixes ?? []}
              cardPort={opts.data?.card_agent_port ?? 8189}
            />
          </Card>
        ) : (
          <Card title="ใบสมัครที่คำร้องนี้อ้างถึง" className="form-section" style={{ marginBottom: 16 }}>
            <Form.Item
              name="application_id"
              label="ค้นหาด้วยชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
              rules={[{ required: true, message: 'กรุณาเลือกใบสมัคร' }]}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: setSearch }}
                autoFocus
                placeholder="พิมพ์เพื่อค้นหา"
                loading={regs.isFetching}
                options={(regs.data?.data ?? []).map((r) => ({
                  value: r.application_id,
                  label: `${r.application_code} · ${r.customer_name} · ${r.course_names}`,
                }))}
              />
            </Form.Item>
          </Card>
        )}
        <Card title={fee ? 'ค่าธรรมเนียม' : 'ค่าคำร้อง'} className="form-section" style={{ marginBottom: 16 }}>
          <Form.List name="lines">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, i) => (
                  <Row key={row.key} gutter={12} align="bottom">
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[row.name, 'other_fee_id']}
                        label={`รายการที่ ${i + 1}`}
                        rules={[{ required: true, message: 'กรุณาเลือกรายการ' }]}
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          options={catalog.map((f) => ({
                            value: f.other_fee_id,
                            label: `${f.name} · ${formatBaht(f.price)} บาท`,
                          }))}
                          onChange={(id: number) =>
                            form.setFieldValue(
                              ['lines', row.name, 'cost'],
                              catalog.find((f) => f.other_fee_id === id)?.price ?? '0',
                            )
                          }
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={16} md={6}>
                      <Form.Item name={[row.name, 'cost']} label="ราคา">
                        <MoneyInput readOnly tabIndex={-1} />
                      </Form.Item>
                    </Col>
                    <Col xs={8} md={2}>
                      <Form.Item label=" ">
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          disabled={rows.length === 1}
                          onClick={() => remove(row.name)}
                          tabIndex={-1}
                          aria-label="ลบรายการ"
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ cost: '0' })}>
                  เพิ่มรายการ
                </Button>
              </>
            )}
          </Form.List>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            ยอดสุทธิ {formatBaht(t.net)} บาท
          </Typography.Title>
        </Card>
        <Card title="รับชำระ" className="form-section" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="paid"
                label="ยอดชำระ (เว้นว่างหากยังไม่ชำระ)"
                rules={[moneyRule('ยอดชำระ')]}
                validateStatus={payError ? 'error' : undefined}
                help={payError ?? undefined}
              >
                <MoneyInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="pay_type" label="ช่องทางชำระ">
                <Radio.Group options={PAY_TYPES} optionType="button" buttonStyle="solid" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="note" label="หมายเหตุ">
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
          {payType === 'transfer' && paid && <TransferFields banks={opts.data?.banks ?? []} />}
        </Card>
        {saveError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={saveError}
            closable={{ onClose: () => setSaveError(null), 'aria-label': 'ปิด' }}
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" size="large" icon={<SaveOutlined />} loading={submit.isPending}>
            บันทึก{paid && !payError ? 'และรับชำระ' : ''}
          </Button>
          <Link to={fee ? '/fee-applications' : '/request-applications'}>
            <Button size="large">ยกเลิก</Button>
          </Link>
        </Space>
      </Form>
    </div>
  );
}
