/** The menu's count of vehicle dates due soon or overdue (the shell's own badge look; none when zero). */
import { useQuery } from '@tanstack/react-query';
import { getReminderCount, vehicleKeys } from './queries';

export function VehicleReminderBadge() {
  const q = useQuery({
    queryKey: vehicleKeys.reminderCount,
    queryFn: getReminderCount,
    refetchInterval: 300_000,
    staleTime: 60_000,
  });
  const n = q.data?.total ?? 0;
  if (!n) return null;
  const text = `ใกล้ครบกำหนด ${n} รายการ${q.data?.overdue ? ` (เลยกำหนด ${q.data.overdue})` : ''}`;
  return (
    <span className="kk-menu-badge" title={text} aria-label={text} data-testid="vehicle-reminders-badge">
      {n > 99 ? '99+' : n}
    </span>
  );
}
