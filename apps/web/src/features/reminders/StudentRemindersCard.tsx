/**
 * การแจ้งเตือนผู้เรียน — on a registration: whether the student's LINE is linked to the school's LINE Official
 * Account, a six-digit code to link it (the student sends the code to the account in LINE), dropping the link, and
 * the student's wish to receive no reminders (kept on the customer for every registration).
 */
import { Alert, App, Button, Card, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { errorMessage } from '../../api/client';
import { ThaiDate } from '../../components/ThaiDate';
import { useStudentAction, useStudentReminders } from './queries';

export function StudentRemindersCard({ applicationId, canEdit }: { applicationId: number; canEdit: boolean }) {
  const { message } = App.useApp();
  const s = useStudentReminders(applicationId);
  const optOut = useStudentAction('opt-out', applicationId);
  const code = useStudentAction('link-code', applicationId);
  const unlink = useStudentAction('unlink', applicationId);
  const run = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      message.success(done);
    } catch (e) {
      message.error(errorMessage(e));
    }
  };
  if (s.isError) return <Alert type="error" showIcon title={errorMessage(s.error)} />;
  const d = s.data;
  return (
    <Card title="การแจ้งเตือนผู้เรียน (LINE)" size="small" loading={!d} data-testid="student-reminders">
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div>
            {d.line_linked ? <Tag color="green">เชื่อม LINE แล้ว</Tag> : <Tag>ยังไม่ได้เชื่อม LINE</Tag>}
            {d.opt_out && <Tag color="orange">ไม่รับการแจ้งเตือน</Tag>}
          </div>
          {d.code && !d.line_linked && (
            <Alert
              type="info"
              title={
                <span>
                  ให้ผู้เรียนเพิ่มเพื่อน LINE ของโรงเรียน แล้วส่งรหัส{' '}
                  <Typography.Text strong copyable style={{ fontSize: 18, letterSpacing: 2 }}>
                    {d.code.code}
                  </Typography.Text>{' '}
                  (ใช้ได้ถึง <ThaiDate value={d.code.expires_at} variant="datetime" />)
                </span>
              }
            />
          )}
          {canEdit && (
            <Space wrap>
              <Button
                size="small"
                loading={code.isPending}
                onClick={() => void run(code.mutateAsync({}), 'สร้างรหัสเชื่อม LINE แล้ว')}
              >
                {d.line_linked ? 'เชื่อมบัญชี LINE ใหม่' : d.code ? 'สร้างรหัสใหม่' : 'สร้างรหัสเชื่อม LINE'}
              </Button>
              {d.line_linked && (
                <Popconfirm
                  title="ยกเลิกการเชื่อม LINE ของผู้เรียน?"
                  okText="ยกเลิกการเชื่อม"
                  cancelText="ไม่"
                  onConfirm={() => run(unlink.mutateAsync({}), 'ยกเลิกการเชื่อม LINE แล้ว')}
                >
                  <Button size="small" danger loading={unlink.isPending}>
                    ยกเลิกการเชื่อม
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
          <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Switch
              size="small"
              checked={!d.opt_out}
              disabled={!canEdit}
              loading={optOut.isPending}
              onChange={(on) =>
                void run(
                  optOut.mutateAsync({ opt_out: !on }),
                  on ? 'ผู้เรียนจะได้รับการแจ้งเตือนตามปกติ' : 'ผู้เรียนจะไม่ได้รับการแจ้งเตือนแล้ว',
                )
              }
            />
            <span>รับการแจ้งเตือนนัดเรียน นัดสอบ สิทธิ์สอบ และยอดค้างชำระ</span>
          </label>
        </Space>
      )}
    </Card>
  );
}
