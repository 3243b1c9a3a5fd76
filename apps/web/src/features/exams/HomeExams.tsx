/** The home page's exam panel: today's sessions and the permissions that end within the warning days. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ThaiDate } from '../../components/ThaiDate';
import { examKeys } from './api';
import { examHome } from './queries';

export default function HomeExams() {
  const q = useQuery({ queryKey: examKeys.home, queryFn: examHome });
  const d = q.data;
  if (!d) return null;
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
        gap: 16,
        marginBottom: 24,
      }}
    >
      <div className="kk-card" data-testid="home-exams-today">
        <h5 className="kk-h5">สอบวันนี้ ({d.today.length} รอบ)</h5>
        {!d.today.length ? (
          <span className="kk-muted">วันนี้ไม่มีรอบสอบ</span>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {d.today.slice(0, 6).map((s) => (
              <li key={s.session_id}>
                <Link to={`/exams/sessions/${s.session_id}`}>
                  {s.start_time} น. {s.kind_name} {s.course_type}
                </Link>{' '}
                <span className="kk-muted">
                  · {s.branch_name} · ผู้เข้าสอบ {s.booked}/{s.capacity} คน · บันทึกผลแล้ว {s.recorded}
                </span>
              </li>
            ))}
          </ul>
        )}
        {d.today.length > 6 && <Link to="/exams/schedule">ดูตารางสอบวันนี้ทั้งหมด</Link>}
      </div>
      <div className="kk-card" data-testid="home-exams-expiring">
        <h5 className="kk-h5">
          สิทธิ์สอบใกล้หมดใน {d.warn_days} วัน ({d.expiring_total} คน)
        </h5>
        {!d.expiring.length ? (
          <span className="kk-muted">ไม่มีสิทธิ์สอบที่ใกล้หมด</span>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {d.expiring.slice(0, 6).map((p) => (
              <li key={p.line_id}>
                <Link to={`/exams/permissions/${p.application_id}`}>{p.customer_name}</Link>{' '}
                <span className="kk-muted">
                  · {p.course_name} · ถึง <ThaiDate value={p.permission_date} /> (อีก {p.days_left} วัน)
                </span>
              </li>
            ))}
          </ul>
        )}
        {d.expiring_total > 6 && <Link to="/exams/permissions?status=ใกล้หมดอายุ">ดูทั้งหมด</Link>}
      </div>
    </div>
  );
}
