/**
 * เช็กอินหน้าเคาน์เตอร์: the front desk reads a national ID card (the card agent on this PC, as on the registration
 * screen) and the server finds the student's — or the instructor's — lesson of the hour at this branch and marks the
 * arrival; the answer shows who arrived for which lesson, or the Thai refusal. Below, the branch's lessons of the day
 * with their arrival state and a manual check-in (with a reason).
 */
import { CheckCircleTwoTone, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Input, Result, Row, Select, Table, Tag, Typography } from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { IdCardButton } from '../../components/IdCardButton';
import { PageHeader } from '../../components/PageHeader';
import { thaiDate } from '../../components/ThaiDate';
import { useRegisterOptions } from '../../api/common';
import { LessonActionModal } from './LessonActionModal';
import { LessonDrawer } from './LessonDrawer';
import { deskRows, kindName, STATE_TAG_COLOR, stateName, timeRange, type LessonState } from './lessonUi';
import { useCheckinLesson, useDayLessons, type CheckinResult, type LessonRow } from './queries';
import { useBranchParam } from './useBranchParam';

const clock = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleTimeString('th-TH', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit' })
    : '';

/** Who arrived, for which lesson (a second read of the same card says it was recorded already). */
function Arrived({ r }: { r: CheckinResult }) {
  const l = r.lesson;
  const who = r.who === 'instructor' ? `ครูฝึก ${l.instructor_name}` : l.customer_name;
  return (
    <Result
      style={{ padding: '16px 0 0' }}
      icon={<CheckCircleTwoTone twoToneColor={r.already ? '#faad14' : '#52c41a'} />}
      title={<span data-testid="desk-arrived">{r.already ? `${who} เช็กอินไว้แล้ว` : `${who} มาถึงแล้ว`}</span>}
      subTitle={[
        `${kindName(l.kind)} ${timeRange(l)} น.`,
        l.course_type,
        r.who === 'instructor' ? l.customer_name : `ครูฝึก ${l.instructor_name || '-'}`,
        l.vehicle_name && `รถ ${l.vehicle_name}`,
        l.room_name && `ห้อง ${l.room_name}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    />
  );
}

export default function CheckinDesk() {
  const { can } = useSession();
  const { branchId, options, setBranch } = useBranchParam();
  const today = todayBangkok();
  const lessons = useDayLessons(branchId, today);
  const opts = useRegisterOptions();
  const checkin = useCheckinLesson();
  const [typed, setTyped] = useState('');
  const [arrived, setArrived] = useState<CheckinResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [manual, setManual] = useState<LessonRow | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const byCard = async (nationalId: string) => {
    setArrived(null);
    setRefusal(null);
    if (!/^\d{13}$/.test(nationalId)) {
      setRefusal('เลขบัตรประชาชนต้องเป็นตัวเลข 13 หลัก');
      return;
    }
    try {
      const r = await checkin.mutateAsync({ national_id: nationalId, branch_id: branchId });
      setArrived(r.data);
      setTyped('');
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  };

  // the day in the order it is taught (the lessons list answers newest first)
  const rows = deskRows(lessons.data ?? []);
  return (
    <>
      <PageHeader
        title="เช็กอินหน้าเคาน์เตอร์"
        subtitle={`คาบเรียนของวันนี้ ${thaiDate(today, 'long')}`}
        extra={
          <Select
            style={{ width: 200 }}
            value={branchId || undefined}
            options={options}
            onChange={(v: number) => setBranch(v)}
            aria-label="สาขา"
          />
        }
      />
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Card title="อ่านบัตรประชาชน" style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">
              เสียบบัตรประชาชนของผู้เรียนหรือครูฝึกแล้วกดอ่านบัตร ระบบจะหาคาบเรียนของชั่วโมงนี้ในสาขาและบันทึกเวลามาถึง
            </Typography.Paragraph>
            <Flex gap={8} wrap style={{ marginBottom: 12 }}>
              <IdCardButton
                port={opts.data?.card_agent_port ?? 8189}
                disabled={!branchId || checkin.isPending}
                onRead={(f) => void byCard(f.idcard)}
              />
            </Flex>
            <Input.Search
              placeholder="หรือพิมพ์เลขบัตรประชาชน 13 หลัก"
              value={typed}
              maxLength={13}
              inputMode="numeric"
              onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
              onSearch={(v) => void byCard(v)}
              enterButton="เช็กอิน"
              loading={checkin.isPending}
              data-testid="desk-idcard"
            />
            {refusal && (
              <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} data-testid="desk-refusal" />
            )}
            {arrived && <Arrived r={arrived} />}
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card
            title={`คาบเรียนวันนี้ (${rows.length})`}
            extra={
              <Button
                icon={<ReloadOutlined />}
                size="small"
                onClick={() => void lessons.refetch()}
                loading={lessons.isFetching}
                aria-label="โหลดใหม่"
              />
            }
          >
            {lessons.error && <Alert type="error" showIcon title={errorMessage(lessons.error)} />}
            <Table<LessonRow>
              size="small"
              rowKey="lesson_id"
              loading={lessons.isLoading}
              dataSource={rows}
              pagination={false}
              scroll={{ y: 'calc(100vh - 330px)' }}
              locale={{ emptyText: 'ไม่มีคาบเรียนในวันนี้' }}
              onRow={(r) => ({
                onClick: (e) => !(e.target as HTMLElement).closest('button') && setOpenId(r.lesson_id),
              })}
              columns={[
                { title: 'เวลา', key: 't', width: 100, render: (_, r) => timeRange(r) },
                {
                  title: 'ผู้เรียน',
                  dataIndex: 'customer_name',
                  render: (v: string, r) => (
                    <>
                      <div>{v || '-'}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.course_type} · {r.instructor_name || '-'}
                        {r.vehicle_name ? ` · ${r.vehicle_name}` : r.room_name ? ` · ${r.room_name}` : ''}
                      </Typography.Text>
                    </>
                  ),
                },
                {
                  title: 'มาถึง',
                  key: 'a',
                  width: 150,
                  render: (_, r) => (
                    <Flex vertical gap={2}>
                      <Tag color={STATE_TAG_COLOR[r.state as LessonState]} style={{ width: 'fit-content' }}>
                        {stateName(r.state)}
                      </Tag>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.checked_in_at ? `ผู้เรียน ${clock(r.checked_in_at)} น.` : ''}
                        {r.instructor_checked_in_at ? ` ครู ${clock(r.instructor_checked_in_at)} น.` : ''}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: '',
                  key: 'x',
                  width: 110,
                  render: (_, r) =>
                    r.state === 'booked' &&
                    can('update', 'Lesson') && (
                      <Button size="small" onClick={() => setManual(r)} data-testid={`desk-manual-${r.lesson_id}`}>
                        เช็กอินด้วยมือ
                      </Button>
                    ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {manual && <LessonActionModal lesson={manual} action="checkin" onClose={() => setManual(null)} />}
      <LessonDrawer lessonId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
