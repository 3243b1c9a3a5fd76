/** The home page's card: the five nearest vehicle dates (plain markup in the shell's Card look). */
import { CarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { thaiDate } from '../../components/ThaiDate';
import { getReminders, vehicleKeys } from './queries';

export function VehicleReminderCard() {
  const q = useQuery({ queryKey: vehicleKeys.reminders, queryFn: getReminders });
  const rows = q.data ?? [];
  if (!rows.length) return null;
  return (
    <div className="kk-card" style={{ marginBottom: 24 }} data-testid="vehicle-reminder-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <CarOutlined style={{ color: '#d46b08', fontSize: 18 }} />
        <h5 className="kk-h5" style={{ margin: 0, flex: 1 }}>
          รถใกล้ครบกำหนด {rows.length} รายการ
        </h5>
        <Link to="/vehicle-reminders">ดูทั้งหมด</Link>
      </div>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {rows.slice(0, 5).map((r) => (
          <li key={`${r.vehicle_id}-${r.kind}`} style={{ color: r.overdue ? '#cf1322' : undefined }}>
            <Link to={`/vehicles/${r.vehicle_id}`}>
              {r.no} {r.province}
            </Link>{' '}
            · {r.kind_name} {thaiDate(r.due)} ({r.overdue ? `เลยกำหนด ${-r.days_left} วัน` : `อีก ${r.days_left} วัน`})
            {r.branch ? ` · ${r.branch}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
