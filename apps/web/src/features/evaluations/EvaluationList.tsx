/** การประเมินผลผู้เรียน: one row per course line with hours done, criteria evaluated and its theory and practical exams. */
import type { EvaluateManageRow, ExamCell } from '@khabkhi/contracts';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/useSession';
import { ListPage } from '../../components/ListPage';
import { thaiDate } from '../../components/ThaiDate';
import { EVALUATE_LIST, statusColor } from './queries';

const EXAM_COLOR: Record<string, string> = { passed: 'green', failed: 'red', absent: 'orange', booked: 'blue' };

/** An exam in words: สอบผ่าน 47/50, สอบไม่ผ่าน 42/50, รอสอบ 24 พ.ย. 69, ขาดสอบ, ยังไม่ได้สอบ (and the attempt when past the first). */
export function examText(e: ExamCell): string {
  if (!e.status) return e.status_name;
  const score = e.score !== null && e.total !== null ? ` ${e.score}/${e.total}` : '';
  const date = e.status === 'booked' && e.exam_date ? ` ${thaiDate(e.exam_date)}` : '';
  return `${e.status_name}${score}${date}${e.attempts > 1 ? ` (ครั้งที่ ${e.attempts})` : ''}`;
}

function ExamTag({ e }: { e: ExamCell }) {
  return (
    <Tag
      color={e.status ? (EXAM_COLOR[e.status] ?? 'default') : 'default'}
      title={e.exam_date && e.status !== 'booked' ? `วันสอบ ${thaiDate(e.exam_date)}` : undefined}
      style={{ marginInlineEnd: 0 }}
    >
      {examText(e)}
    </Tag>
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
        { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code', width: 170, responsive: ['lg'] },
        { title: 'ผู้เรียน', dataIndex: 'customer_name', ellipsis: true },
        { title: 'หลักสูตร', dataIndex: 'course_name', ellipsis: true },
        { title: 'ประเภท', dataIndex: 'course_type', width: 110, responsive: ['xl'] },
        { title: 'สาขา', dataIndex: 'branch_name', width: 140, ellipsis: true, responsive: ['xl'] },
        {
          title: 'ทฤษฎี (ชม.)',
          key: 'theory',
          width: 100,
          render: (_: unknown, r) => `${r.theory_done}/${r.theory_required}`,
          exportValue: (r) => `${r.theory_done}/${r.theory_required}`,
        },
        {
          title: 'ปฏิบัติ (ชม.)',
          key: 'practice',
          width: 100,
          render: (_: unknown, r) => `${r.practice_done}/${r.practice_required}`,
          exportValue: (r) => `${r.practice_done}/${r.practice_required}`,
        },
        {
          title: 'ผ่านเกณฑ์',
          key: 'criteria',
          width: 130,
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
          responsive: ['xl'],
          render: (v: string | null) => (v ? thaiDate(v) : '-'),
        },
        {
          title: 'สถานะ',
          dataIndex: 'status',
          width: 130,
          render: (v: string) => <Tag color={statusColor(v)}>{v}</Tag>,
          exportValue: (r) => r.status,
        },
        {
          title: 'สอบทฤษฎี',
          key: 'theory_exam',
          width: 150,
          render: (_: unknown, r) => <ExamTag e={r.theory_exam} />,
          exportValue: (r) => examText(r.theory_exam),
        },
        {
          title: 'สอบปฏิบัติ',
          key: 'practical_exam',
          width: 150,
          render: (_: unknown, r) => <ExamTag e={r.practical_exam} />,
          exportValue: (r) => examText(r.practical_exam),
        },
      ]}
    />
  );
}
