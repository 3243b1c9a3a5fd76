/** The customer's exam history across all applications (customer/exam), for the application detail. */
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { examKeys } from './api';
import { customerExams } from './queries';
import { ExamAttemptsTable } from './PermissionPage';

export function CustomerExams({ customerId }: { customerId: number }) {
  const q = useQuery({
    queryKey: examKeys.customer(customerId),
    queryFn: () => customerExams(customerId),
  });
  return (
    <Card title="ประวัติการสอบของผู้เรียน" style={{ marginTop: 16 }} loading={q.isLoading} data-testid="customer-exams">
      <ExamAttemptsTable rows={q.data ?? []} />
    </Card>
  );
}
