import { SaveOutlined, ShopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useEffect, useState, lazy, Suspense } from 'react';
import { errorMessage } from '../../api/client';
import { getSettings, updateSettings } from '../../api/common';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { PhotoField } from '../../components/PhotoField';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { label } from '../../i18n/th';
import { settingsKeys } from '../../api/queryKeys';
import type { SettingsBody } from '@khabkhi/contracts';

const ExamSettingsCard = lazy(() => import('../exams/ExamSettingsCard'));

/** What the form edits: the settings body of the contract. */
type Settings = SettingsBody;
const KEYS: (keyof Settings)[] = [
  'name',
  'name_en',
  'tax_id',
  'sso_account',
  'address',
  'phone',
  'vat_mode',
  'promptpay_id',
  'logo',
  'card_agent_port',
];

export default function SettingsPage() {
  const [form] = Form.useForm<Settings>();
  const agentPort = Form.useWatch('card_agent_port', form) as number | undefined;
  const qc = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const q = useQuery({ queryKey: settingsKeys.get, queryFn: getSettings });

  useEffect(() => {
    if (q.data)
      form.setFieldsValue(
        Object.fromEntries(KEYS.map((k) => [k, q.data[k] ?? (k === 'logo' ? null : '')])) as unknown as Settings,
      );
  }, [q.data, form]);

  const save = useMutation({
    mutationFn: (v: Settings) =>
      updateSettings({
        ...(Object.fromEntries(KEYS.map((k) => [k, v[k] ?? (k === 'logo' ? null : '')])) as Settings),
        card_agent_port: Number(v.card_agent_port),
      }),
    onSuccess: (res) => {
      setBanner({ status: res.status, message: res.message });
      qc.setQueryData(settingsKeys.get, res.data);
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setBanner({ status: 'error', message: msg });
      applyServerError(form, e);
    },
  });

  return (
    <div>
      <PageHeader title="ตั้งค่าโรงเรียน" subtitle="ข้อมูลนี้ใช้บนใบเสร็จ ใบสมัคร และเอกสารทุกฉบับ" />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {q.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : q.isError ? (
        <ResultBanner result={{ status: 'error', message: errorMessage(q.error) }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={save.isPending}
          onFinish={(v) => {
            setBanner(null);
            save.mutate(v);
          }}
          onFinishFailed={({ errorFields }) => focusFirstError(form, errorFields)}
        >
          <Card title="ข้อมูลโรงเรียน" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} lg={8}>
                <Form.Item name="logo" label="โลโก้">
                  <PhotoField size={110} shape="square" icon={<ShopOutlined />} />
                </Form.Item>
              </Col>
              <Col xs={24} lg={16}>
                <Row gutter={16}>
                  <Col xs={24}>
                    <Form.Item
                      name="name"
                      label="ชื่อโรงเรียน"
                      rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อโรงเรียน' }]}
                    >
                      <Input autoFocus maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item name="name_en" label="ชื่อโรงเรียน (อังกฤษ)">
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="tax_id"
                      label={label('tax_id')}
                      rules={[{ pattern: /^(\d{13})?$/, message: 'เลขประจำตัวผู้เสียภาษีต้องเป็นตัวเลข 13 หลัก' }]}
                    >
                      <Input maxLength={13} inputMode="numeric" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="sso_account"
                      label={label('sso_account')}
                      tooltip="เลข 10 หลักตามหนังสือแจ้งของสำนักงานประกันสังคม ใช้ในไฟล์ สปส.1-10 (ไม่ใช่เลขประจำตัวผู้เสียภาษี)"
                      rules={[
                        {
                          pattern: /^(\d{2}-?\d{7}-?\d|\d{10})?$/,
                          message: 'เลขที่บัญชีนายจ้าง (ประกันสังคม) ต้องเป็นตัวเลข 10 หลัก เช่น 10-1234567-8',
                        },
                      ]}
                    >
                      <Input maxLength={12} inputMode="numeric" placeholder="10-1234567-8" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="phone"
                      label={label('phone')}
                      rules={[{ pattern: /^[0-9+\- ]{0,20}$/, message: 'เบอร์โทรศัพท์ใช้ได้เฉพาะตัวเลข + - และเว้นวรรค' }]}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                  </Col>
                </Row>
              </Col>
              <Col xs={24}>
                <Form.Item name="address" label="ที่อยู่ (สำนักงานใหญ่)">
                  <Input.TextArea rows={2} maxLength={300} showCount />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title="ภาษีและการรับชำระ" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item
                  name="vat_mode"
                  label={label('vat_mode')}
                  rules={[{ required: true, message: 'กรุณาเลือกการคิดภาษีมูลค่าเพิ่ม' }]}
                >
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    options={[
                      { label: 'ได้รับยกเว้น VAT', value: 'exempt' },
                      { label: 'VAT 7%', value: 'vat7' },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="promptpay_id"
                  label={label('promptpay_id')}
                  extra="เบอร์มือถือ 10 หลัก เลขบัตร/เลขผู้เสียภาษี 13 หลัก หรือ e-Wallet 15 หลัก"
                  rules={[
                    {
                      pattern: /^(0\d{9}|\d{13}|\d{15})?$/,
                      message: 'พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก เลข 13 หลัก หรือ 15 หลัก',
                    },
                  ]}
                >
                  <Input maxLength={15} inputMode="numeric" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="card_agent_port"
                  label={label('card_agent_port')}
                  rules={[
                    { required: true, message: 'กรุณากรอกพอร์ต' },
                    { type: 'number', min: 1024, max: 65535, message: 'พอร์ตต้องอยู่ระหว่าง 1024–65535' },
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} min={1024} max={65535} />
                </Form.Item>
              </Col>
              <Col xs={24} md={18}>
                <Form.Item label="โปรแกรมอ่านบัตรบนเครื่องนี้">
                  <CardAgentCheck port={agentPort} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} size="large">
            บันทึกการตั้งค่า
          </Button>
        </Form>
      )}
      {/* exams: the exam rules, saved on their own */}
      <Suspense fallback={null}>
        <ExamSettingsCard />
      </Suspense>
    </div>
  );
}

/** Asks the card agent on this PC (GET /status) whether it runs, sees a reader and a card. */
function CardAgentCheck({ port }: { port: number | undefined }) {
  const [state, setState] = useState<{ busy: boolean; text: string | null; ok: boolean }>({
    busy: false,
    text: null,
    ok: false,
  });
  const check = async () => {
    setState({ busy: true, text: null, ok: false });
    try {
      const r = await fetch(`http://127.0.0.1:${port ?? 8189}/status`, { signal: AbortSignal.timeout(4000) });
      const s = (await r.json()) as { reader?: boolean; card?: boolean; version?: string };
      const text = `โปรแกรมอ่านบัตรทำงานอยู่${s.version ? ` (รุ่น ${s.version})` : ''} · ${s.reader ? 'พบเครื่องอ่านบัตร' : 'ไม่พบเครื่องอ่านบัตร'} · ${s.card ? 'มีบัตรเสียบอยู่' : 'ยังไม่ได้เสียบบัตร'}`;
      setState({ busy: false, text, ok: !!s.reader });
    } catch {
      setState({ busy: false, text: `ไม่พบโปรแกรมอ่านบัตรที่พอร์ต ${port ?? 8189} บนเครื่องนี้`, ok: false });
    }
  };
  return (
    <Space wrap>
      <Button onClick={() => void check()} loading={state.busy}>
        ทดสอบการเชื่อมต่อ
      </Button>
      {state.text && <Typography.Text type={state.ok ? 'success' : 'danger'}>{state.text}</Typography.Text>}
      <Link to="/help/card-agent">วิธีติดตั้งโปรแกรมอ่านบัตร</Link>
    </Space>
  );
}
