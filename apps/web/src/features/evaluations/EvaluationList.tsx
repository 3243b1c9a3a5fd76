/** การประเมินผลผู้เรียน: one row per course line with hours done, criteria evaluated and its theory and practical exams. */
import type { EvaluateManageRow, ExamCell } from '@khabkhi/contracts';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Progress, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../api/useSession';
import { ListPage } from '../../components/ListPage';
import { thaiDate } from '../../components/ThaiDate';
import { EVALUATE_LIST, statusColor } from './queries';

const EXAM_COLOR: Record<string, string> = { passed: 'green', failed: 'red', absent: 'orange', booked: 'blue' };

/** The result of an exam: สอบผ่าน 47/50, สอบไม่ผ่าน 42/50, รอสอบ, ขาดสอบ, ยังไม่ได้สอบ. */
const examResult = (e: ExamCell) =>
  `${e.status_name}${e.score !== null && e.total !== null ? ` ${e.score}/${e.total}` : ''}`;
/** When: the exam date (a booking's date, or the date of the result shown) and the attempt past the first. */
const examWhen = (e: ExamCell) =>
  [e.exam_date ? thaiDate(e.exam_date) : '', e.attempts > 1 ? `ครั้งที่ ${e.attempts}` : ''].filter(Boolean).join(' · ');
const examText = (e: ExamCell) => [examResult(e), examWhen(e)].filter(Boolean).join(' · ');

function ExamTag({ e }: { e: ExamCell }) {
  const when = examWhen(e);
  return (
    <div style={{ whiteSpace: 'nowrap', lineHeight: 1.35 }}>
      <Tag color={e.status ? (EXAM_COLOR[e.status] ?? 'default') : 'default'} style={{ marginInlineEnd: 0 }}>
        {examResult(e)}
      </Tag>
      {when && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {when}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

export default function EvaluationList() {
  const { can } = useSession();
  return (
    <ListPage<EvaluateManageRow>
      title="การประเมินผลผู้เรียน"
      subtitle="ชั่วโมงที่อบรมแล้ว ผลการประเมินตามหัวข้อของประเภทใบขับขี่ และผลสอบ คลิกแถวเพื่อประเมิน"
      endpoint={EVALUATE_LIST}
      rowKey="line_id"
      filters={['branch', 'type', 'status', 'category']}
      filterLabels={{ type: 'ประเภทใบขับขี่', status: 'สถานะการอบรม', category: 'ผลสอบ' }}
      search="ชื่อ เลขบัตรประชาชน เลขที่ใบสมัคร หรือเบอร์โทร"
      exportName="การประเมินผลผู้เรียน"
      detailPath={(r) => `/evaluations/${r.line_id}`}
      extra={
        can('manage', 'Setting') ? (
          <Link to="/evaluations/settings">
            <Button icon={<SettingOutlined />}>เกณฑ์การประเมิน</Button>
          </Link>
        ) : undefined
      }
      columns={[
        // the exam columns stay on screen at 1024 px: the application number (searchable, on the detail) and the
        // criteria bar give way first
        { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code', width: 170, responsive: ['xxl'] },
        { title: 'ผู้เรียน', dataIndex: 'customer_name', wrap: 160 },
        { title: 'หลักสูตร', dataIndex: 'course_name', wrap: 180 },
        { title: 'ประเภท', dataIndex: 'course_type', width: 110, responsive: ['xxl'] },
        { title: 'สาขา', dataIndex: 'branch_name', width: 140, ellipsis: true, responsive: ['xxl'] },
        {
          title: 'ชั่วโมงอบรม',
          key: 'hours',
          width: 110,
          render: (_: unknown, r) => (
            <div style={{ whiteSpace: 'nowrap', lineHeight: 1.35 }}>
              ทฤษฎี {r.theory_done}/{r.theory_required}
              <br />
              ปฏิบัติ {r.practice_done}/{r.practice_required}
              {r.theory_recorded + r.practice_recorded > 0 && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  รวมบันทึกเดิม {r.theory_recorded + r.practice_recorded} ชม.
                </Typography.Text>
              )}
            </div>
          ),
          exportValue: (r) =>
            `ทฤษฎี ${r.theory_done}/${r.theory_required} ปฏิบัติ ${r.practice_done}/${r.practice_required}` +
            (r.theory_recorded + r.practice_recorded > 0
              ? ` (รวมบันทึกเดิม ${r.theory_recorded + r.practice_recorded} ชม.)`
              : ''),
        },
        {
          title: 'ผ่านเกณฑ์',
          key: 'criteria',
          width: 110,
          responsive: ['xl'],
          exportValue: (r) => `${r.criteria_passed}/${r.criteria_total}`,
          render: (_: unknown, r) => (
            <Progress
              size="small"
              percent={r.criteria_total ? Math.round((r.criteria_passed / r.criteria_total) * 100) : 0}
              format={() => `${r.criteria_passed}/${r.criteria_total}`}
            />
          ),
        },
        {
          title: 'ประเมินล่าสุด',
          dataIndex: 'last_date',
          width: 110,
          responsive: ['xxl'],
          render: (v: string | null) => (v ? thaiDate(v) : '-'),
        },
        {
          title: 'การอบรม',
          dataIndex: 'status',
          width: 120,
          render: (v: string) => <Tag color={statusColor(v)}>{v}</Tag>,
          exportValue: (r) => r.status,
        },
        {
          title: 'สอบทฤษฎี',
          key: 'theory_exam',
          width: 130,
          render: (_: unknown, r) => <ExamTag e={r.theory_exam} />,
          exportValue: (r) => examText(r.theory_exam),
        },
        {
          title: 'สอบปฏิบัติ',
          key: 'practical_exam',
          width: 130,
          render: (_: unknown, r) => <ExamTag e={r.practical_exam} />,
          exportValue: (r) => examText(r.practical_exam),
        },
      ]}
    />
  );
}
