import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, login, SESSION_EXPIRED } from '../../api/client';
import { useSession } from '../../app/useSession';
import { th } from '../../i18n/th';

export function LoginPage() {
  const [form] = Form.useForm<{ username: string; password: string }>();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = params.get('reason') ?? sessionStorage.getItem('loginReason');
  const from = (location.state as { from?: string } | null)?.from ?? sessionStorage.getItem('loginFrom') ?? '/';

  if (user && !busy) return <Navigate to={from} replace />;

  const onFinish = async (v: { username: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await login(v.username.trim(), v.password);
      sessionStorage.removeItem('loginReason');
      sessionStorage.removeItem('loginFrom');
      navigate(from === '/login' ? '/' : from, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      form.setFieldValue('password', '');
      form.focusField('password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-bg">
      <div className="login-hero">
        <div style={{ display: 'flex', alignItems: 'center', gap: 14 }}>
          <span style={{ width: 52, height: 52, borderRadius: 12, background: 'rgba(255,255,255,0.16)', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 28 }}>ข</span>
          <div>
            <div style={{ fontSize: 30, fontWeight: 700, lineHeight: 1.1 }}>ขับขี่</div>
            <div style={{ opacity: 0.75 }}>Khabkhi · Driving School Back Office</div>
          </div>
        </div>
        <div style={{ position: 'relative', zIndex: 1 }}>
          <div style={{ fontSize: 34, fontWeight: 600, lineHeight: 1.35, maxWidth: 480 }}>ระบบหลังบ้านสำหรับโรงเรียนสอนขับรถหลายสาขา</div>
          <div style={{ marginTop: 12, fontSize: 17, opacity: 0.85, maxWidth: 460 }}>
            งานทะเบียนผู้เรียน รับชำระเงิน ตารางสอบ บุคลากร และบัญชี — ครบในที่เดียว ทุกสาขา
          </div>
        </div>
        <div style={{ opacity: 0.6, fontSize: 13 }}>© ขับขี่ — สำหรับเจ้าหน้าที่โรงเรียนเท่านั้น</div>
      </div>
      <div className="login-panel">
        {/* plain markup, not Card/Typography: the login page loads no more of antd than its form needs */}
        <div className="login-card">
          <h2 className="login-title">เข้าสู่ระบบ</h2>
          <p className="login-sub">กรอกชื่อผู้ใช้และรหัสผ่านของคุณ</p>
          {reason && !error && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={reason === SESSION_EXPIRED ? `${th.sessionExpired} (${SESSION_EXPIRED})` : reason}
            />
          )}
          {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} size="large" disabled={busy}>
            <Form.Item name="username" label="ชื่อผู้ใช้" rules={[{ required: true, message: 'กรุณากรอกชื่อผู้ใช้' }]}>
              <Input prefix={<UserOutlined />} autoFocus autoComplete="username" autoCapitalize="off" spellCheck={false} />
            </Form.Item>
            <Form.Item name="password" label="รหัสผ่าน" rules={[{ required: true, message: 'กรุณากรอกรหัสผ่าน' }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} style={{ marginTop: 8 }}>
              เข้าสู่ระบบ
            </Button>
          </Form>
        </div>
      </div>
    </div>
  );
}
