import {
  CloseCircleFilled,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  LoadingOutlined,
  LockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, login, SESSION_EXPIRED } from '../../api/client';
import { useSession } from '../../api/useSession';
import { session } from '../../api/session';
import { landingPath } from './landing';
import { th } from '../../i18n/th';

/** An alert in antd's look (plain markup: the login page loads no antd). */
function Notice({ type, children }: { type: 'warning' | 'error'; children: ReactNode }) {
  return (
    <div className={`ant-alert login-alert is-${type}`} role="alert">
      {type === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      <span>{children}</span>
    </div>
  );
}

/** A large input in antd's look, with its prefix icon (and, for a password, the show/hide button). */
function Field(props: {
  id: string;
  label: string;
  icon: ReactNode;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (v: string) => void;
  missing?: boolean;
  missingText: string;
  password?: boolean;
  autoComplete: string;
  autoFocus?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const err = `${props.id}-error`;
  return (
    <div className="login-field">
      <label htmlFor={props.id}>{props.label}</label>
      <span className={`login-input${props.missing ? ' is-error' : ''}`}>
        <span className="login-input-icon">{props.icon}</span>
        <input
          id={props.id}
          ref={props.inputRef}
          type={props.password && !shown ? 'password' : 'text'}
          autoFocus={props.autoFocus}
          autoComplete={props.autoComplete}
          autoCapitalize={props.password ? undefined : 'off'}
          spellCheck={props.password ? undefined : false}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.missing || undefined}
          aria-describedby={props.missing ? err : undefined}
        />
        {props.password && (
          <span
            className="login-input-icon is-toggle"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setShown(!shown)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </span>
        )}
      </span>
      {props.missing && (
        <div id={err} className="login-error">
          {props.missingText}
        </div>
      )}
    </div>
  );
}

/**
 * The login page. Plain markup in antd's look (styles.css), not antd's components: the first page a browser
 * loads carries no component library, no menu and no list — the rest of the app loads after login
 * (test/loginBudget.test.ts holds the weight).
 */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = params.get('reason') ?? sessionStorage.getItem('loginReason');
  const from = (location.state as { from?: string } | null)?.from ?? sessionStorage.getItem('loginFrom') ?? '/';

  // signed in (also just now, when the form's navigation and this render race): where this user lands
  if (user && !busy) return <Navigate to={landingPath(session.ability, from)} replace />;

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
      // owners and managers land on the cockpit, the counter on its home page (unless sent here from a page)
      navigate(landingPath(session.ability, from), { replace: true });
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
            <Notice type="warning">
              {reason === SESSION_EXPIRED ? `${th.sessionExpired} (${SESSION_EXPIRED})` : reason}
            </Notice>
          )}
          {error && <Notice type="error">{error}</Notice>}
          <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
            <fieldset disabled={busy} style={{ border: 0, margin: 0, padding: 0 }}>
              <Field
                id="login-username"
                label="ชื่อผู้ใช้"
                icon={<UserOutlined />}
                inputRef={userRef}
                autoFocus
                autoComplete="username"
                value={username}
                onChange={(v) => {
                  setUsername(v);
                  setMissing((m) => ({ ...m, username: false }));
                }}
                missing={missing.username}
                missingText="กรุณากรอกชื่อผู้ใช้"
              />
              <Field
                id="login-password"
                label="รหัสผ่าน"
                icon={<LockOutlined />}
                inputRef={passRef}
                password
                autoComplete="current-password"
                value={password}
                onChange={(v) => {
                  setPassword(v);
                  setMissing((m) => ({ ...m, password: false }));
                }}
                missing={missing.password}
                missingText="กรุณากรอกรหัสผ่าน"
              />
              <button type="submit" className={`login-submit${busy ? ' is-loading' : ''}`}>
                {busy && <LoadingOutlined />}
                <span>เข้าสู่ระบบ</span>
              </button>
            </fieldset>
          </form>
        </div>
      </div>
    </div>
  );
}
