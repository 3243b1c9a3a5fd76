/**
 * Instructor pay from lessons on the payroll sheet: a link under an instructor's name with the month's figure from
 * completed lessons, opening the lines per rate and the lessons behind them. The sheet proposes the same lines; HR may
 * still change them before submitting.
 */
import { Alert, Button, Drawer, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { thaiDate } from '../../components/ThaiDate';
import { hoursText, kindName } from './lessonUi';
import { useLessonPay, type LessonPay } from './queries';

const PART_NAMES: Record<string, string> = { practice: 'ภาคปฏิบัติ', theory: 'ภาคทฤษฎี' };

/** The branch-month's lesson pay by instructor, for the sheet to show beside each line. */
export function useLessonPayByUser(branchId: number, month: string) {
  const q = useLessonPay(branchId, month);
  return new Map((q.data ?? []).map((p) => [p.user_id, p]));
}

export function LessonPayLink({
  branchId,
  month,
  pay,
  onUse,
}: {
  branchId: number;
  month: string;
  pay: LessonPay;
  /** a draft sheet: put the lines (rate, hours) into the instructor's teaching column */
  onUse?: (lines: LessonPay['lines']) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto', fontSize: 12 }}
        onClick={() => setOpen(true)}
        data-testid={`lesson-pay-${pay.user_id}`}
      >
        ค่าสอนตามตารางเรียน {formatMoney(pay.amount)} บาท
      </Button>
      {open && (
        <LessonPayDrawer
          branchId={branchId}
          month={month}
          userId={pay.user_id}
          onClose={() => setOpen(false)}
          onUse={
            onUse &&
            ((lines) => {
              onUse(lines);
              setOpen(false);
            })
          }
        />
      )}
    </>
  );
}

function LessonPayDrawer({
  branchId,
  month,
  userId,
  onClose,
  onUse,
}: {
  branchId: number;
  month: string;
  userId: number;
  onClose: () => void;
  onUse?: (lines: LessonPay['lines']) => void;
}) {
  const q = useLessonPay(branchId, month, userId);
  const p = q.data?.[0];
  return (
    <Drawer open onClose={onClose} size={640} title={p ? `ค่าสอนจากตารางเรียน · ${p.name}` : 'ค่าสอนจากตารางเรียน'}>
      {q.isLoading && <Skeleton active />}
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error)} />}
      {p && (
        <div data-testid="lesson-pay-drawer">
          <Typography.Paragraph type="secondary">
            ชั่วโมงสอนที่เรียนจบแล้วในเดือนนี้ คูณอัตราค่าสอนของครูที่ใช้ในวันที่สอน (แยกบรรทัดตามอัตรา)
            ระบบเสนอเป็นรายการค่าสอนในแผ่นงานเงินเดือน ฝ่ายบุคคลแก้ไขได้ก่อนส่งตรวจ
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="rate"
            pagination={false}
            dataSource={p.lines}
            columns={[
              { title: 'อัตรา (บาท/ชม.)', dataIndex: 'rate', align: 'right', render: (v: string) => formatMoney(v) },
              { title: 'ชั่วโมง', dataIndex: 'minutes', align: 'right', render: (m: number) => hoursText(m) },
              { title: 'จำนวนคาบ', dataIndex: 'lessons', align: 'right' },
              {
                title: 'จำนวนเงิน',
                dataIndex: 'amount',
                align: 'right',
                render: (v: string) => <MoneyText value={v} />,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>รวม</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {hoursText(p.minutes)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
                <Table.Summary.Cell index={3} align="right">
                  <MoneyText value={p.amount} strong />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          {onUse && p.lines.length > 0 && (
            <Button
              type="primary"
              style={{ marginTop: 12 }}
              onClick={() => onUse(p.lines)}
              data-testid="lesson-pay-use"
            >
              ใช้ยอดนี้ในแผ่นงาน
            </Button>
          )}
          {p.unrated > 0 && (
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              title={`มี ${p.unrated} คาบที่ยังไม่มีอัตราค่าสอนในวันที่สอน จึงยังไม่นับเป็นค่าสอน — เพิ่มอัตราที่เมนูเวลาทำงานครูฝึก`}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            คาบเรียนที่นับ ({p.lessons.length} คาบ)
          </Typography.Title>
          <Table
            size="small"
            rowKey="lesson_id"
            pagination={false}
            scroll={{ y: 360 }}
            dataSource={p.lessons}
            columns={[
              {
                title: 'วันที่ เวลา',
                key: 'when',
                render: (_: unknown, l: LessonPay['lessons'][number]) =>
                  `${thaiDate(l.date)} ${l.start_time}–${l.end_time}`,
              },
              {
                title: 'คาบ',
                key: 'kind',
                render: (_: unknown, l: LessonPay['lessons'][number]) =>
                  `${l.kind === 'class' ? `${kindName(l.kind)} ` : ''}${l.course_type} ${PART_NAMES[l.part] ?? ''}`,
              },
              { title: 'ผู้เรียน/ห้อง', dataIndex: 'who' },
              { title: 'เวลา', dataIndex: 'minutes', align: 'right', render: (m: number) => hoursText(m) },
              {
                title: 'อัตรา',
                dataIndex: 'rate',
                align: 'right',
                render: (v: string | null) =>
                  v === null ? <Typography.Text type="warning">ไม่มีอัตรา</Typography.Text> : formatMoney(v),
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
