/** The menu's count of requests waiting for this user's approval (none shown when zero or when the user may not approve). */
import { useQuery } from '@tanstack/react-query';
import { approvalKeys, getPendingCount } from './queries';

export function PendingRequestsBadge() {
  const q = useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: getPendingCount,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  const n = q.data?.pending ?? 0;
  if (!n) return null;
  // the shell's own badge look (no antd Badge: the shell has a weight budget)
  return (
    <span
      className="kk-menu-badge"
      title={`รออนุมัติ ${n} รายการ`}
      aria-label={`รออนุมัติ ${n} รายการ`}
      data-testid="pending-requests"
    >
      {n > 99 ? '99+' : n}
    </span>
  );
}
