/** The menu's count of requests waiting for this user's approval (none shown when zero or when the user may not approve). */
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { api } from '../../api/client';

export function PendingRequestsBadge() {
  const q = useQuery({
    queryKey: ['/request/pending-count'], queryFn: () => api.get<{ pending: number }>('/request/pending-count'),
    refetchInterval: 60_000, staleTime: 15_000,
  });
  const n = q.data?.pending ?? 0;
  if (!n) return null;
  return <Badge count={n} size="small" style={{ marginInlineStart: 8 }} title={`รออนุมัติ ${n} รายการ`} data-testid="pending-requests" />;
}
