/**
 * สมัครเรียน — the counter's main tool: customer (ID lookup, card reader, address autocomplete),
 * course lines with a promotion code checked per line, other-fee lines, live totals, first payment.
 * Keyboard only: autofocus on the ID field, Enter moves on, Ctrl+Enter saves.
 */
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import type { CreateResult, PayType } from '@khabkhi/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { openPdf } from '../../api/documents';
import { newKey } from '../../api/money';
import { useSession } from '../../api/useSession';
import { enterToNextProps } from '../../components/enterToNext';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { transferBody } from '../payments/transfer';
import { transferDefaults } from '../payments/TransferFields';
import { ageOrNull, underAgeWarning } from './ageRules';
import { applicationKeys, useRegisterOptions } from './api';
import { CourseLinesCard } from './CourseLinesCard';
import { CustomerBlock, customerBody } from './CustomerBlock';
import { FeeLinesCard } from './FeeLinesCard';
import { courseLineBody, paymentProblem, totalsOf, uncheckedPromotions } from './lines';
import { BLANK, type CourseLineForm, type FeeLineForm } from './newApplicationForm';
import { createApplication } from './queries';
import { CreatedCard, RegistrationTotals } from './RegistrationTotals';
import { usePromotionCheck } from './usePromotionCheck';

export default function NewApplication() {
  const [form] = Form.useForm();
  const { user } = useSession();
  const [branchId, setBranchId] = useState<number | undefined>(undefined);
  const opts = useRegisterOptions(branchId);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [created, setCreated] = useState<CreateResult | null>(null);
  const key = useRef(newKey());
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

  // in place at the form's first render: an effect filling it would empty what the cashier has already typed
  const [startValues] = useState(() => ({ ...BLANK, ...transferDefaults() }));

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
  const { checking, check: checkPromotion } = usePromotionCheck(form, branchId ?? d?.branch_id, setBanner);

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
      {created && <CreatedCard created={created} onNext={reset} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={startValues}
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

        <CourseLinesCard
          form={form}
          d={d}
          loading={opts.isLoading}
          ageWarning={ageWarning}
          checking={checking}
          checkPromotion={checkPromotion}
        />
        <FeeLinesCard form={form} d={d} />
        <RegistrationTotals
          t={t}
          paid={paid}
          payError={payError}
          payType={payType}
          unchecked={unchecked}
          banks={d?.banks ?? []}
        />
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
