import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Input, type InputRef } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, login, SESSION_EXPIRED } from '../../api/client';
import { useSession } from '../../api/useSession';
import { th } from '../../i18n/th';

/**
 * The login page. A plain form (antd Input and Button, not antd Form): the first page a browser loads
 * carries no form framework, no menu and no list — the rest of the app loads after login.
 */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const userRef = useRef<InputRef>(null);
  const passRef = useRef<InputRef>(null);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = params.get('reason') ?? sessionStorage.getItem('loginReason');
  const from = (location.state as { from?: string } | null)?.from ?? sessionStorage.getItem('loginFrom') ?? '/';

  if (user && !busy) return <Navigate to={from} replace />;

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const miss = { username: !username.trim(), password: !password };
    setMissing(miss);
    if (miss.username) return userRef.current?.focus();
    if (miss.password) return passRef.current?.focus();
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      sessionStorage.removeItem('loginReason');
      sessionStorage.removeItem('loginFrom');
      navigate(from === '/login' ? '/' : from, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setPassword('');
      setTimeout(() => passRef.current?.focus(), 0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-bg">
      <div className="login-hero">
        <div style={{ display: 'flex', alignItems: 'center', gap: 14 }}>
          <span
            style={{
              width: 52,
              height: 52,
              borderRadius: 12,
              background: 'rgba(255,255,255,0.16)',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: 28,
            }}
          >
            ข
          </span>
          <div>
            <div style={{ fontSize: 30, fontWeight: 700, lineHeight: 1.1 }}>ขับขี่</div>
            <div style={{ opacity: 0.75 }}>Khabkhi · Driving School Back Office</div>
          </div>
        </div>
        <div style={{ position: 'relative', zIndex: 1 }}>
          <div style={{ fontSize: 34, fontWeight: 600, lineHeight: 1.35, maxWidth: 480 }}>
            ระบบหลังบ้านสำหรับโรงเรียนสอนขับรถหลายสาขา
          </div>
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
          <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
            <fieldset disabled={busy} style={{ border: 0, margin: 0, padding: 0 }}>
              <div className="login-field">
                <label htmlFor="login-username">ชื่อผู้ใช้</label>
                <Input
                  id="login-username"
                  ref={userRef}
                  size="large"
                  prefix={<UserOutlined />}
                  autoFocus
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  value={username}
                  onChange={(e) => {
                    setUsername(e.target.value);
                    setMissing((m) => ({ ...m, username: false }));
                  }}
                  status={missing.username ? 'error' : undefined}
                  aria-invalid={missing.username || undefined}
                  aria-describedby={missing.username ? 'login-username-error' : undefined}
                />
                {missing.username && (
                  <div id="login-username-error" className="login-error">
                    กรุณากรอกชื่อผู้ใช้
                  </div>
                )}
              </div>
              <div className="login-field">
                <label htmlFor="login-password">รหัสผ่าน</label>
                <Input.Password
                  id="login-password"
                  ref={passRef}
                  size="large"
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setMissing((m) => ({ ...m, password: false }));
                  }}
                  status={missing.password ? 'error' : undefined}
                  aria-invalid={missing.password || undefined}
                  aria-describedby={missing.password ? 'login-password-error' : undefined}
                />
                {missing.password && (
                  <div id="login-password-error" className="login-error">
                    กรุณากรอกรหัสผ่าน
                  </div>
                )}
              </div>
              <Button type="primary" htmlType="submit" size="large" block loading={busy} style={{ marginTop: 8 }}>
                เข้าสู่ระบบ
              </Button>
            </fieldset>
          </form>
        </div>
      </div>
    </div>
  );
}
