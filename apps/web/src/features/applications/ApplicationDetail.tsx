/**
 * One application: customer, lines, totals, payments (receipt reprint, void request), the pay form,
 * and the money actions a role allows (refund, cancel). Used for registrations and the pay-balance screen.
 * The page is the shell; each use case is its own panel (ApplicationCustomerCard, ApplicationLinesCard,
 * ApplicationMoneyCards, ApplicationPayments, RefundAction).
 */
import { FileTextOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Popconfirm, Row, Skeleton, Tag, Typography } from 'antd';
import { toSatang } from '@khabkhi/thai';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { useBanner } from '../../components/useBanner';
import { LineLessons } from '../lessons/LineLessons';
import { StudentRemindersCard } from '../reminders/StudentRemindersCard';
import { ApplicationHistory } from '../audit/ApplicationHistory';
import { STATUS_COLORS, useApplication } from './api';
import { ApplicationCustomerCard } from './ApplicationCustomerCard';
import { ApplicationLinesCard } from './ApplicationLinesCard';
import { ApplicationTotalsCard, PayCard } from './ApplicationMoneyCards';
import { ApplicationPayments } from './ApplicationPayments';
import { cancelApplication, printApplicationForm } from './queries';
import { RefundAction } from './RefundAction';
import { useApplicationRefresh, useFailMessage } from './useApplicationRefresh';

// the customer's exam history, loaded with the exam feature's chunk
const CustomerExams = lazy(() => import('../exams/CustomerExams').then((m) => ({ default: m.CustomerExams })));

type Prefix = 'application' | 'applicationfee' | 'applicationrequest';

export default function ApplicationDetail({
  prefix = 'application',
  back = '/applications',
  focusPay = false,
}: {
  prefix?: Prefix;
  back?: string;
  focusPay?: boolean;
}) {
  const { id } = useParams();
  const appId = Number(id);
  const q = useApplication(prefix, appId);
  const { can } = useSession();
  const [banner, setBanner] = useBanner(id);
  const refresh = useApplicationRefresh(prefix, appId);
  const fail = useFailMessage();
  const a = q.data;
  // a panel's success: its banner, and the application as it is now
  const done = (b: BannerState) => {
    setBanner(b);
    refresh();
  };

  const cancel = useMutation({
    mutationFn: () => cancelApplication(prefix, appId),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh(res.data);
    },
    onError: fail,
  });

  const printForm = () => printApplicationForm(prefix, appId).catch(fail);

  if (q.isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (q.isError || !a) return <ResultBanner result={{ status: 'error', message: errorMessage(q.error) }} />;

  const paidS = toSatang(a.paid);
  const c = a.customer;
  // a course registration's training record and pre-exam vehicle check live in the exam screens
  const examLinks = a.kind === 'course' && !a.is_delete && can('read', 'Exam');

  return (
    <div>
      <PageHeader
        title={
          <>
            {a.application_code} <Tag color={STATUS_COLORS[a.status] ?? 'blue'}>{a.status}</Tag>
          </>
        }
        subtitle={
          <>
            สมัครเมื่อ <ThaiDate value={a.createdAt} variant="datetime" /> · {a.branch_name} · บันทึกโดย {a.created_by_name}
            {a.related_application_code
              ? ` · คำร้องของใบสมัคร ${a.related_application_code}${a.kind === 'request' && a.courses.length ? ` (${a.courses.map((l) => l.course_name).join(', ')})` : ''}`
              : ''}
          </>
        }
        back={back}
        extra={
          <>
            <Button icon={<FileTextOutlined />} onClick={() => void printForm()}>
              พิมพ์ใบสมัคร
            </Button>
            <RefundAction
              a={a}
              prefix={prefix}
              appId={appId}
              show={can('update', 'Payment') && paidS > 0 && !a.is_delete}
              onBanner={setBanner}
            />
            {can('delete', 'Application') && paidS === 0 && !a.is_delete && (
              <Popconfirm
                title="ยกเลิกใบสมัครนี้?"
                description="ใบสมัครจะยังแสดงในรายการด้วยสถานะยกเลิก"
                okText="ยกเลิกใบสมัคร"
                cancelText="ไม่"
                okButtonProps={{ danger: true }}
                onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
              >
                <Button danger icon={<StopOutlined />}>
                  ยกเลิกใบสมัคร
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <ApplicationCustomerCard a={a} onSaved={done} />
          <ApplicationLinesCard a={a} appId={appId} examLinks={examLinks} />
          {a.kind === 'course' && !a.is_delete && (
            <LineLessons lines={a.courses} branchId={a.branch_id} customer={`${c.fname} ${c.sname}`} />
          )}
        </Col>
        <Col xs={24} lg={9}>
          <ApplicationTotalsCard a={a} />
          <PayCard a={a} prefix={prefix} appId={appId} focusPay={focusPay} onBanner={setBanner} />
          {a.kind === 'course' && !a.is_delete && appId ? (
            <StudentRemindersCard applicationId={appId} canEdit={can('create', 'Application')} />
          ) : null}
          {a.note && (
            <Card title="หมายเหตุ" size="small">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.note}</Typography.Paragraph>
            </Card>
          )}
        </Col>
      </Row>
      <ApplicationPayments a={a} prefix={prefix} appId={appId} onBanner={setBanner} />
      {a.kind === 'course' && can('read', 'Exam') ? (
        <Suspense fallback={null}>
          <CustomerExams customerId={a.customer_id} />
        </Suspense>
      ) : null}
      {appId ? <ApplicationHistory applicationId={appId} /> : null}
    </div>
  );
}
