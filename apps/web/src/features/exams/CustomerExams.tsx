/** The customer's exam history across all applications (customer/exam), for the application detail. */
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { api } from '../../api/client';
import { examKeys, type Attempt } from './api';
import { ExamAttemptsTable } from './PermissionPage';

export function CustomerExams({ customerId }: { customerId: number }) {
  const q = useQuery({
    queryKey: examKeys.customer(customerId),
    queryFn: () => api.get<Attempt[]>('/customer/exam', { customer_id: customerId }),
  });
  return (
    <Card title="ประวัติการสอบของผู้เรียน" style={{ marginTop: 16 }} loading={q.isLoading} data-testid="customer-exams">
      <ExamAttemptsTable rows={q.data ?? []} />
    </Card>
  );
}
