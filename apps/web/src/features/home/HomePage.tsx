import { ArrowRightOutlined, EnvironmentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { getSettings } from '../../api/common';
import { fullName } from '../../components/fullName';
import { NAV_GROUPS, useAllowedNav } from '../../routing/nav';
import { useSession } from '../../api/useSession';
import { PhotoAvatar } from '../../components/PhotoAvatar';
import { ThaiDate } from '../../components/ThaiDate';
import { todayBangkok } from '@khabkhi/thai';
import { settingsKeys } from '../../api/queryKeys';

/** vehicles due soon or overdue, for who may read vehicles */
const VehicleReminderCard = lazy(() =>
  import('../vehicles/ReminderCard').then((x) => ({ default: x.VehicleReminderCard })),
);

// today's exams and expiring permissions: the exam feature's own chunk, only for those who read exams
const HomeExams = lazy(() => import('../exams/HomeExams'));

function greeting(): string {
  const h = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hour12: false, timeZone: 'Asia/Bangkok' }).format(new Date()),
  );
  if (h < 12) return 'สวัสดีตอนเช้า';
  if (h < 17) return 'สวัสดีตอนบ่าย';
  return 'สวัสดีตอนเย็น';
}

/** The home page: plain markup in antd's Card and Typography look (shell.css), part of the light shell. */
export function HomePage() {
  const { user, can } = useSession();
  const nav = useAllowedNav();
  const settings = useQuery({ queryKey: settingsKeys.get, queryFn: getSettings });
  if (!user) return null;
  return (
    <div>
      <div
        className="kk-card"
        style={{ marginBottom: 24, background: 'linear-gradient(120deg, #ffffff 0%, #eaf5ef 100%)' }}
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 20, alignItems: 'center' }}>
          <PhotoAvatar fileId={user.photo} size={72} fallback={user.fname} />
          <div style={{ flex: 1, minWidth: 260 }}>
            <span className="kk-muted">
              {greeting()} · วันนี้ <ThaiDate value={todayBangkok()} variant="long" />
            </span>
            <h2 className="kk-h2">คุณ{user.nickname || user.fname}</h2>
            <span>
              {settings.data?.name
                ? `ยินดีต้อนรับสู่ระบบหลังบ้านของ ${settings.data.name}`
                : 'ยินดีต้อนรับสู่ระบบหลังบ้านโรงเรียนสอนขับรถ ขับขี่'}
            </span>
          </div>
          <dl className="kk-facts">
            <div>
              <dt>ชื่อ-นามสกุล</dt>
              <dd>{fullName(user)}</dd>
            </div>
            <div>
              <dt>
                <SafetyCertificateOutlined /> บทบาท
              </dt>
              <dd>{user.role.name}</dd>
            </div>
            <div>
              <dt>
                <EnvironmentOutlined /> สาขา
              </dt>
              <dd>{`${user.branch_name}${user.all_branches ? ' (ดูแลทุกสาขา)' : ''}`}</dd>
            </div>
          </dl>
        </div>
      </div>
      {can('read', 'Vehicle') && (
        <Suspense fallback={null}>
          <VehicleReminderCard />
        </Suspense>
      )}
      {can('read', 'Exam') && (
        <Suspense fallback={null}>
          <HomeExams />
        </Suspense>
      )}
      <h4 className="kk-h4">เมนูที่ใช้งานได้</h4>
      {nav.length === 0 ? (
        <div className="kk-card">
          <span className="kk-muted">
            บัญชีของคุณยังไม่มีสิทธิ์ใช้งานเมนูใด ดูหรือแก้ไขข้อมูลส่วนตัวได้ที่ <Link to="/profile">โปรไฟล์ของฉัน</Link>
          </span>
        </div>
      ) : (
        <div className="kk-links">
          {nav.map((e) => (
            <Link key={e.path} to={e.path} onMouseEnter={e.preload} onFocus={e.preload}>
              <div className="kk-card is-hoverable">
                <div style={{ display: 'flex', gap: 14, alignItems: 'flex-start' }}>
                  <span
                    style={{
                      fontSize: 22,
                      color: '#0b6e4f',
                      background: '#e3f1ea',
                      borderRadius: 10,
                      width: 44,
                      height: 44,
                      display: 'grid',
                      placeItems: 'center',
                      flex: 'none',
                    }}
                  >
                    {e.icon}
                  </span>
                  <div style={{ flex: 1 }}>
                    <span className="kk-muted" style={{ fontSize: 12 }}>
                      {NAV_GROUPS.find((g) => g.key === e.group)?.label}
                    </span>
                    <h5 className="kk-h5">{e.label}</h5>
                    <span className="kk-muted">{e.description}</span>
                  </div>
                  <ArrowRightOutlined style={{ color: '#0b6e4f', marginTop: 6 }} />
                </div>
              </div>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
