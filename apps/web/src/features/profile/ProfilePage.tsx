import { KeyOutlined, SaveOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import type { ProfileBody } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { session } from '../../api/session';
import { fullName } from '../../components/fullName';
import { AddressFields } from '../../components/AddressFields';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { PhotoField } from '../../components/PhotoField';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { label } from '../../i18n/th';
import { changePassword, getMe, updateProfile, type Me } from './queries';
import { useEffect, useState } from 'react';
import { meKeys } from '../../api/queryKeys';
import { phoneItemProps } from '../../components/phoneField';

const PROFILE_KEYS = [
  'nickname',
  'phone_1',
  'phone_2',
  'email',
  'address',
  'moo',
  'soi',
  'street',
  'subdistrict',
  'district',
  'province',
  'postcode',
  'emergency_name',
  'emergency_phone',
  'emergency_relation',
  'photo',
] as const;
type ProfileValues = Record<(typeof PROFILE_KEYS)[number], string | null>;

function ProfileForm({ me }: { me: Me }) {
  const [form] = Form.useForm<ProfileValues>();
  const qc = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  useEffect(() => {
    form.setFieldsValue(
      Object.fromEntries(
        PROFILE_KEYS.map((k) => [k, (me as unknown as Record<string, unknown>)[k] ?? (k === 'photo' ? null : '')]),
      ) as ProfileValues,
    );
  }, [me, form]);
  const save = useMutation({
    mutationFn: (v: ProfileValues) =>
      updateProfile(
        Object.fromEntries(PROFILE_KEYS.map((k) => [k, v[k] ?? (k === 'photo' ? null : '')])) as ProfileBody,
      ),
    onSuccess: (res, v) => {
      setBanner({ status: res.status, message: res.message });
      void qc.invalidateQueries({ queryKey: meKeys.me });
      // keep the header (name, photo) in step with the profile
      const u = session.userData;
      if (u)
        localStorage.setItem(
          'userData',
          JSON.stringify({ ...u, nickname: v.nickname ?? u.nickname, photo: v.photo ?? null }),
        );
      window.dispatchEvent(new StorageEvent('storage', { key: 'userData' }));
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setBanner({ status: 'error', message: msg });
      applyServerError(form, e);
    },
  });
  return (
    <>
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setBanner(null);
          save.mutate(v);
        }}
        onFinishFailed={({ errorFields }) => focusFirstError(form, errorFields)}
        disabled={save.isPending}
      >
        <Card title="ข้อมูลติดต่อ" className="form-section" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} lg={8}>
              <Form.Item name="photo" label={label('photo')}>
                <PhotoField />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="nickname" label={label('nickname')}>
                    <Input autoFocus maxLength={50} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="email"
                    label={label('email')}
                    rules={[{ type: 'email', message: 'รูปแบบอีเมลไม่ถูกต้อง' }]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="phone_1" label={label('phone_1')} {...phoneItemProps}>
                    <Input maxLength={20} inputMode="tel" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="phone_2" label={label('phone_2')} {...phoneItemProps}>
                    <Input maxLength={20} inputMode="tel" />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          </Row>
        </Card>
        <Card title="ที่อยู่" className="form-section" style={{ marginBottom: 16 }}>
          <AddressFields form={form} />
        </Card>
        <Card title="ผู้ติดต่อฉุกเฉิน" className="form-section" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item name="emergency_name" label={label('emergency_name')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item name="emergency_phone" label={label('emergency_phone')} {...phoneItemProps}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item name="emergency_relation" label={label('emergency_relation')}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} size="large">
          บันทึกข้อมูลส่วนตัว
        </Button>
      </Form>
    </>
  );
}

function PasswordForm() {
  const [form] = Form.useForm<{ old_password: string; new_password: string; confirm: string }>();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const save = useMutation({
    mutationFn: (v: { old_password: string; new_password: string }) =>
      changePassword({ old_password: v.old_password, new_password: v.new_password }),
    onSuccess: (res) => {
      setBanner({ status: res.status, message: res.message });
      form.resetFields();
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setBanner({ status: 'error', message: msg });
      applyServerError(form, e);
    },
  });
  return (
    <Card title="เปลี่ยนรหัสผ่าน" className="form-section" style={{ maxWidth: 520 }}>
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setBanner(null);
          save.mutate(v);
        }}
        disabled={save.isPending}
      >
        <Form.Item
          name="old_password"
          label={label('old_password')}
          rules={[{ required: true, message: 'กรุณากรอกรหัสผ่านเดิม' }]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={label('new_password')}
          extra="อย่างน้อย 8 ตัวอักษร"
          rules={[
            { required: true, message: 'กรุณากรอกรหัสผ่านใหม่' },
            { min: 8, message: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="ยืนยันรหัสผ่านใหม่"
          dependencies={['new_password']}
          rules={[
            { required: true, message: 'กรุณายืนยันรหัสผ่านใหม่' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={save.isPending}>
          เปลี่ยนรหัสผ่าน
        </Button>
      </Form>
    </Card>
  );
}

export default function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'password' ? 'password' : 'profile';
  const me = useQuery({ queryKey: meKeys.me, queryFn: getMe });
  const d = me.data;
  return (
    <div>
      <PageHeader
        title="โปรไฟล์ของฉัน"
        subtitle={d ? `${fullName(d)} · ${d.role_name ?? ''} · ${d.branch_name ?? ''}` : undefined}
      />
      {me.isError && <ResultBanner result={{ status: 'error', message: errorMessage(me.error) }} />}
      {d && (
        <Card style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'u', label: 'ชื่อผู้ใช้', children: d.username },
              { key: 'n', label: 'ชื่อ-นามสกุล', children: fullName(d) },
              { key: 'r', label: 'บทบาท', children: d.role_name },
              { key: 'b', label: 'สาขา', children: d.branch_name },
              { key: 'p', label: 'ตำแหน่ง', children: d.position || '-' },
              { key: 's', label: 'วันเริ่มงาน', children: <ThaiDate value={d.start_date} variant="long" /> },
            ]}
          />
        </Card>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'password' ? { tab: 'password' } : {}, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: 'ข้อมูลส่วนตัว',
            children: d ? (
              <ProfileForm me={d} />
            ) : (
              <Card>
                <Skeleton active />
              </Card>
            ),
          },
          { key: 'password', icon: <KeyOutlined />, label: 'เปลี่ยนรหัสผ่าน', children: <PasswordForm /> },
        ]}
      />
    </div>
  );
}
