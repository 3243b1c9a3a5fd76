/**
 * สมัครเรียน — the counter's main tool: customer (ID lookup, card reader, address autocomplete),
 * course lines with a promotion code checked per line, other-fee lines, live totals, first payment.
 * Keyboard only: autofocus on the ID field, Enter moves on, Ctrl+Enter saves.
 */
import {
  CheckOutlined,
  DeleteOutlined,
  FileTextOutlined,
  PlusOutlined,
  PrinterOutlined,
  SaveOutlined,
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
  Grid,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { formatBaht } from '@khabkhi/thai';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { enterToNextProps, focusNext } from '../../components/enterToNext';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { applicationKeys, PAY_TYPES, useRegisterOptions, type ApplicationDetail } from './api';
import { createApplication } from './queries';
import type { PayType } from '@khabkhi/contracts';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { BLANK_CUSTOMER, CustomerBlock, customerBody } from './CustomerBlock';
import {
  courseLineBody,
  lineOnCodeTyped,
  lineOnCourseChange,
  lineOnPromotion,
  paymentProblem,
  totalsOf,
  uncheckedPromotions,
} from './lines';
import { ageOrNull, underAgeWarning } from './ageRules';
import { transferBody, type TransferForm } from '../payments/transfer';
import { TransferFields, transferDefaults } from '../payments/TransferFields';

interface CourseLineForm {
  course_id?: number;
  cost?: string;
  promotion_code?: string;
  checked_code?: string;
  discount?: string;
  exam_date?: string | null;
}
interface FeeLineForm {
  other_fee_id?: number;
  cost?: string;
  date?: string | null;
}

const BLANK = {
  customer: BLANK_CUSTOMER,
  courses: [
    { course_id: undefined, cost: '0', promotion_code: '', checked_code: '', discount: '0', exam_date: null },
  ] as CourseLineForm[],
  other_fees: [] as FeeLineForm[],
  paid: '',
  pay_type: 'cash',
  pay_note: '',
  note: '',
} as {
  customer: typeof BLANK_CUSTOMER;
  courses: CourseLineForm[];
  other_fees: FeeLineForm[];
  paid: string;
  pay_type: string;
  pay_note: string;
  note: string;
} & TransferForm;

export default function NewApplication() {
  const [form] = Form.useForm();
  // below 1200 px a course line takes two rows (course, then price · code · discount · exam date); on a narrow
  // screen the code field keeps its room for STUDENT500 and the check button shows its icon only
  const screens = Grid.useBreakpoint();
  const { user } = useSession();
  const [branchId, setBranchId] = useState<number | undefined>(undefined);
  const opts = useRegisterOptions(branchId);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [created, setCreated] = useState<{
    application: ApplicationDetail;
    pdf: string | null;
    application_pdf: string;
  } | null>(null);
  const key = useRef(newKey());
  const [checking, setChecking] = useState<number | null>(null);
  const inFlight = useRef(new Set<number>());
  const courses = (Form.useWatch('courses', form) ?? []) as CourseLineForm[];
  const fees = (Form.useWatch('other_fees', form) ?? []) as FeeLineForm[];
  const paid = Form.useWatch('paid', form) as string | undefined;
  const payType = Form.useWatch('pay_type', form) as string | undefined;
  // the save's answer when it went wrong, shown beside the save button where the cashier is looking
  const [saveNotice, setSaveNotice] = useState<{ type: 'warning' | 'error'; message: string } | null>(null);
  const unchecked = uncheckedPromotions(courses);
  const birthday = Form.useWatch(['customer', 'birthday'], form) as string | null | undefined;
  const t = totalsOf(courses, fees);
  const d = opts.data;

  useEffect(() => {
    form.setFieldsValue({ ...BLANK, ...transferDefaults() });
  }, [form]);

  const reset = () => {
    form.resetFields();
    form.setFieldsValue({ ...BLANK, ...transferDefaults() });
    setBanner(null);
    setSaveNotice(null);
    setCreated(null);
    key.current = newKey();
    setTimeout(() => document.querySelector<HTMLInputElement>('#customer_idcard')?.focus(), 50);
  };

  /** Checks a line's code with the server and shows the discount on the line and in the summary; false when refused. */
  const checkPromotion = async (index: number): Promise<boolean> => {
    const line = form.getFieldValue(['courses', index]) as CourseLineForm;
    const code = (line.promotion_code ?? '').trim();
    if (!code) {
      form.setFieldValue(['courses', index], { ...line, discount: '0', checked_code: '' });
      return true;
    }
    if (!line.course_id) {
      modal.warning({ title: 'กรุณาเลือกหลักสูตรก่อนใส่รหัสส่วนลด' });
      return false;
    }
    // leaving the field and pressing ตรวจ at once check once
    if (inFlight.current.has(index)) return false;
    inFlight.current.add(index);
    setChecking(index);
    try {
      const r = await api.post<{ discount: string; name: string }>('/application/checkpromotion', {
        index,
        code,
        course_id: line.course_id,
        branch_id: branchId ?? d?.branch_id,
      });
      form.setFieldValue(['courses', index], lineOnPromotion(line, { ok: true, discount: r.data.discount }));
      setBanner({ status: 'success', message: r.message });
      return true;
    } catch (e) {
      form.setFieldValue(['courses', index], lineOnPromotion(line, { ok: false }));
      await modal.error({ title: 'ใช้รหัสส่วนลดไม่ได้', content: errorMessage(e) });
      return false;
    } finally {
      inFlight.current.delete(index);
      setChecking(null);
    }
  };

  const submit = useMutation({
    mutationFn: (v: typeof BLANK) =>
      createApplication(
        {
          branch_id: branchId ?? d?.branch_id,
          customer: customerBody(v.customer),
          courses: v.courses.filter((c) => c.course_id).map(courseLineBody),
          other_fees: v.other_fees
            .filter((f) => f.other_fee_id)
            .map((f) => ({ other_fee_id: f.other_fee_id!, date: f.date || null })),
          payment: v.paid
            ? {
                paid: v.paid,
                pay_type: v.pay_type as PayType,
                note: v.pay_note?.trim() ?? '',
                ...transferBody(v.pay_type, v),
              }
            : null,
          note: v.note?.trim() ?? '',
        },
        key.current,
      ),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      setCreated(res.data);
      key.current = newKey();
      void qc.invalidateQueries({ queryKey: applicationKeys.table });
      void qc.invalidateQueries({ queryKey: applicationKeys.outstanding });
      openPdf(res.data.pdf);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setSaveNotice({ type: 'error', message: msg });
      applyServerError(form, msg);
    },
  });

  /** Save: a code typed but not checked is checked first and its discount shown; the cashier then saves what she sees. */
  const save = async (v: typeof BLANK) => {
    if (payError) return;
    setSaveNotice(null);
    const all = form.getFieldsValue(true) as typeof BLANK;
    const pending = uncheckedPromotions(all.courses ?? v.courses);
    if (pending.length) {
      for (const i of pending) await checkPromotion(i);
      setSaveNotice({
        type: 'warning',
        message: 'ยังไม่ได้บันทึก: ตรวจรหัสส่วนลดแล้ว ส่วนลดแสดงในสรุปยอดด้านบน กรุณาตรวจยอดแล้วกดบันทึกอีกครั้ง',
      });
      return;
    }
    setBanner(null);
    submit.mutate(all);
  };

  const courseOptions = (d?.courses ?? []).map((c) => ({
    value: c.course_id,
    label: `${c.name} · ${c.type} · ${formatBaht(c.price)} บาท`,
  }));
  const feeOptions = (d?.other_fees ?? []).map((f) => ({
    value: f.other_fee_id,
    label: `${f.name} · ${formatBaht(f.price)} บาท`,
  }));
  const payError = paymentProblem(paid, t.net);
  const chosenCourses = courses
    .map((l) => d?.courses.find((c) => c.course_id === l.course_id))
    .filter((c): c is NonNullable<typeof c> => !!c);
  const ageWarning = underAgeWarning(ageOrNull(birthday), chosenCourses, d?.min_ages ?? {});

  return (
    <div
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          form.submit();
        }
      }}
    >
      <PageHeader
        title="สมัครเรียน"
        subtitle="กด Enter เพื่อไปช่องถัดไป · Ctrl+Enter เพื่อบันทึก"
        back="/applications"
        extra={
          <Button icon={<PlusOutlined />} onClick={reset}>
            สมัครใหม่
          </Button>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {created && (
        <Card style={{ marginBottom: 16, borderColor: '#52c41a' }}>
          <Space wrap>
            <Typography.Text strong>ใบสมัครเลขที่ {created.application.application_code}</Typography.Text>
            <Typography.Text>
              ยอดสุทธิ {formatBaht(created.application.net)} บาท · ชำระแล้ว {formatBaht(created.application.paid)} บาท ·
              คงเหลือ {formatBaht(created.application.balance)} บาท
            </Typography.Text>
            {created.pdf && (
              <Button icon={<PrinterOutlined />} onClick={() => openPdf(created.pdf)}>
                พิมพ์ใบเสร็จ
              </Button>
            )}
            <Button icon={<FileTextOutlined />} onClick={() => openPdf(created.application_pdf)}>
              พิมพ์ใบสมัคร
            </Button>
            <Link to={`/applications/${created.application.application_id}`}>
              <Button>ดูรายละเอียด</Button>
            </Link>
            <Button type="primary" icon={<PlusOutlined />} onClick={reset}>
              สมัครใหม่
            </Button>
          </Space>
        </Card>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={BLANK}
        disabled={submit.isPending || !!created}
        {...enterToNextProps}
        onFinish={(v) => {
          void save(v as typeof BLANK);
        }}
        onFinishFailed={({ errorFields }) => focusFirstError(form, errorFields)}
      >
        {(d?.branches.length ?? 0) > 1 && (
          <Card className="form-section" style={{ marginBottom: 16 }}>
            <Space>
              <span>สาขาที่รับสมัคร</span>
              <Select
                style={{ minWidth: 240 }}
                value={branchId ?? d?.branch_id ?? user?.branch_id}
                aria-label="สาขาที่รับสมัคร"
                options={d?.branches.map((b) => ({ value: b.branch_id, label: b.name }))}
                onChange={(v: number) => {
                  setBranchId(v);
                  form.setFieldsValue({ courses: BLANK.courses, other_fees: [] });
                }}
              />
            </Space>
          </Card>
        )}
        <Card title="ข้อมูลผู้สมัคร" className="form-section" style={{ marginBottom: 16 }}>
          <CustomerBlock
            form={form}
            prefixes={d?.prefixes ?? []}
            cardPort={d?.card_agent_port ?? 8189}
            disabled={!!created}
          />
        </Card>

        <Card title="หลักสูตร" className="form-section" style={{ marginBottom: 16 }}>
          {d?.courses_hint && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="ไม่มีหลักสูตรให้เลือก"
              description={d.courses_hint}
              data-testid="courses-hint"
            />
          )}
          {ageWarning && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={ageWarning} data-testid="age-warning" />
          )}
          <Form.List name="courses">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, index) => (
                  <Row key={row.key} gutter={12} align="bottom">
                    <Col xs={24} xl={8}>
                      <Form.Item
                        name={[row.name, 'course_id']}
                        label={`หลักสูตรที่ ${index + 1}`}
                        rules={[{ required: true, message: 'กรุณาเลือกหลักสูตร' }]}
                      >
                        <Select
                          options={courseOptions}
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder="พิมพ์เพื่อค้นหาหลักสูตร"
                          loading={opts.isLoading}
                          popupMatchSelectWidth={460}
                          notFoundContent={d?.courses_hint ?? 'ไม่พบหลักสูตรที่ค้นหา'}
                          onChange={(id: number) => {
                            const c = d?.courses.find((x) => x.course_id === id);
                            form.setFieldValue(
                              ['courses', row.name],
                              lineOnCourseChange(
                                { ...form.getFieldValue(['courses', row.name]), course_id: id },
                                c?.price ?? '0',
                                'new',
                              ),
                            );
                          }}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5} xl={3}>
                      <Form.Item name={[row.name, 'cost']} label="ราคา">
                        <MoneyInput readOnly tabIndex={-1} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={7} xl={5}>
                      <Form.Item
                        name={[row.name, 'promotion_code']}
                        label="รหัสส่วนลด"
                        normalize={(v: string) => v.toUpperCase()}
                      >
                        <Input
                          maxLength={30}
                          placeholder="ถ้ามี"
                          data-enter="keep"
                          style={{ minWidth: 0 }}
                          onChange={() =>
                            form.setFieldValue(
                              ['courses', row.name],
                              lineOnCodeTyped(form.getFieldValue(['courses', row.name]) as CourseLineForm),
                            )
                          }
                          // leaving the field checks the code, so the summary shows its discount before anything is saved
                          onBlur={() => {
                            if (
                              uncheckedPromotions([form.getFieldValue(['courses', row.name]) as CourseLineForm]).length
                            )
                              void checkPromotion(row.name);
                          }}
                          onKeyDown={(e) => {
                            if (e.key !== 'Enter') return;
                            e.preventDefault();
                            const target = e.currentTarget;
                            void checkPromotion(row.name).then(() => focusNext(target));
                          }}
                          suffix={
                            <Button
                              type="link"
                              size="small"
                              icon={<CheckOutlined />}
                              loading={checking === row.name}
                              onClick={() => void checkPromotion(row.name)}
                              tabIndex={-1}
                              aria-label="ตรวจรหัสส่วนลด"
                              title="ตรวจรหัสส่วนลด"
                              style={{ paddingInline: 4 }}
                            >
                              {screens.lg ? 'ตรวจ' : null}
                            </Button>
                          }
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5} xl={3}>
                      <Form.Item name={[row.name, 'checked_code']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[row.name, 'discount']} label="ส่วนลด">
                        <MoneyInput readOnly tabIndex={-1} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6} xl={4}>
                      <Form.Item name={[row.name, 'exam_date']} label="วันสอบ (ถ้ามี)">
                        <ThaiDatePicker style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={1}>
                      <Form.Item label=" ">
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          disabled={rows.length === 1}
                          onClick={() => remove(row.name)}
                          aria-label={`ลบหลักสูตรที่ ${index + 1}`}
                          tabIndex={-1}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ cost: '0', discount: '0', promotion_code: '', checked_code: '', exam_date: null })
                  }
                >
                  เพิ่มหลักสูตร
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card title="ค่าธรรมเนียมอื่น" className="form-section" style={{ marginBottom: 16 }}>
          <Form.List name="other_fees">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, index) => (
                  <Row key={row.key} gutter={12} align="bottom">
                    <Col
                      xs={24}
                      md={10}
                      onKeyDownCapture={(e) => {
                        // Enter on a fee line left empty: the line goes and the keyboard goes on to ยอดชำระ
                        if (e.key !== 'Enter' || form.getFieldValue(['other_fees', row.name, 'other_fee_id'])) return;
                        if ((e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
                        e.preventDefault();
                        e.stopPropagation();
                        remove(row.name);
                        setTimeout(() => document.querySelector<HTMLInputElement>('#paid')?.focus(), 0);
                      }}
                    >
                      <Form.Item
                        name={[row.name, 'other_fee_id']}
                        label={`รายการที่ ${index + 1}`}
                        rules={[{ required: true, message: 'กรุณาเลือกรายการ หรือกดลบแถวนี้' }]}
                      >
                        <Select
                          options={feeOptions}
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder="พิมพ์เพื่อค้นหา"
                          onChange={(id: number) =>
                            form.setFieldValue(
                              ['other_fees', row.name, 'cost'],
                              d?.other_fees.find((f) => f.other_fee_id === id)?.price ?? '0',
                            )
                          }
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[row.name, 'cost']} label="ราคา">
                        <MoneyInput readOnly tabIndex={-1} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[row.name, 'date']} label="วันที่ (ถ้ามี)">
                        <ThaiDatePicker style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={1}>
                      <Form.Item label=" ">
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(row.name)}
                          aria-label={`ลบค่าธรรมเนียมที่ ${index + 1}`}
                          tabIndex={-1}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Space wrap>
                  <Button
                    icon={<PlusOutlined />}
                    data-testid="add-fee"
                    data-enter-stop
                    onClick={() => {
                      add({ cost: '0', date: null });
                      setTimeout(
                        () =>
                          document.querySelector<HTMLInputElement>(`#other_fees_${rows.length}_other_fee_id`)?.focus(),
                        0,
                      );
                    }}
                  >
                    เพิ่มค่าธรรมเนียม
                  </Button>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    Enter เพื่อเพิ่มรายการ · กด Enter ที่ช่องรายการที่ว่างเพื่อข้ามไปยอดชำระ
                  </Typography.Text>
                </Space>
              </>
            )}
          </Form.List>
        </Card>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Card title="สรุปยอด" className="form-section" style={{ marginBottom: 16 }}>
              <Table
                size="small"
                pagination={false}
                showHeader={false}
                rowKey="k"
                columns={[{ dataIndex: 'k' }, { dataIndex: 'v', align: 'right' }]}
                dataSource={[
                  { k: 'ยอดรวม', v: `${formatBaht(t.total)} บาท` },
                  { k: 'ส่วนลด', v: `${formatBaht(t.discount)} บาท` },
                  { k: <b>ยอดสุทธิ</b>, v: <b data-testid="net">{formatBaht(t.net)} บาท</b> },
                  { k: 'ชำระครั้งนี้', v: `${formatBaht(paid && !payError ? paid : '0')} บาท` },
                  {
                    k: <b>คงเหลือ</b>,
                    v: <b>{formatBaht(t.net - (paid && !payError ? Math.round(Number(paid) * 100) : 0))} บาท</b>,
                  },
                ].map((r, i) => ({ ...r, k: r.k, key: i }))}
              />
              {unchecked.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ margin: '8px 0' }}
                  data-testid="unchecked-promotion"
                  title={`รหัสส่วนลดของหลักสูตรที่ ${unchecked.map((i) => i + 1).join(', ')} ยังไม่ได้ตรวจ ส่วนลดยังไม่นับในยอดนี้`}
                />
              )}
              <Typography.Text type="secondary">ระบบตรวจยอดนี้อีกครั้งเมื่อบันทึก ถ้าไม่ตรงกับที่แสดงจะไม่บันทึก</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card title="รับชำระครั้งแรก (มัดจำ)" className="form-section" style={{ marginBottom: 16 }}>
              <Form.Item
                name="paid"
                label="ยอดชำระ (เว้นว่างหากยังไม่ชำระ)"
                rules={[moneyRule('ยอดชำระ')]}
                validateStatus={payError ? 'error' : undefined}
                help={payError ?? undefined}
              >
                <MoneyInput placeholder="เช่น 3000" />
              </Form.Item>
              <Form.Item name="pay_type" label="ช่องทางชำระ">
                <Radio.Group options={PAY_TYPES} optionType="button" buttonStyle="solid" />
              </Form.Item>
              {payType === 'transfer' && paid && <TransferFields banks={d?.banks ?? []} />}
              <Form.Item name="pay_note" label="หมายเหตุการชำระ">
                <Input maxLength={500} placeholder="เช่น มัดจำ, โอนผ่านพร้อมเพย์" />
              </Form.Item>
            </Card>
          </Col>
        </Row>
        <Form.Item name="note" label="หมายเหตุใบสมัคร">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {saveNotice && (
          <Alert
            type={saveNotice.type}
            showIcon
            role="alert"
            data-testid="save-error"
            style={{ marginBottom: 16 }}
            title={saveNotice.message}
            closable={{ onClose: () => setSaveNotice(null), 'aria-label': 'ปิด' }}
          />
        )}
        {!created && (
          <Space>
            <Button type="primary" htmlType="submit" size="large" icon={<SaveOutlined />} loading={submit.isPending}>
              บันทึกใบสมัคร{paid && !payError ? ' และรับชำระ' : ''}
            </Button>
            <Button size="large" onClick={() => navigate('/applications')}>
              ยกเลิก
            </Button>
          </Space>
        )}
      </Form>
      {created && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          items={[{ key: 'x', label: 'ถัดไป', children: 'กด "สมัครใหม่" เพื่อรับสมัครคนถัดไป' }]}
        />
      )}
    </div>
  );
}
