/** Reminders: every vehicle date due within the configured days or overdue (head office: every branch). */
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSession } from '../../api/useSession';
import { RulesForm } from './RulesForm';
import { Link, useSearchParams } from 'react-router';
import type { Reminder } from '@khabkhi/contracts';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../components/MoneyText';
import { DueTag } from './DueTag';
import { useFleetRules, useReminders } from './queries';

export function ReminderTable({ rows, loading, compact }: { rows: Reminder[]; loading?: boolean; compact?: boolean }) {
  return (
    <Table<Reminder>
      rowKey={(r) => `${r.vehicle_id}-${r.kind}`}
      dataSource={rows}
      loading={loading}
      pagination={compact ? false : { pageSize: 20 }}
      size={compact ? 'small' : 'middle'}
      scroll={{ x: true }}
      locale={{ emptyText: 'ไม่มีรายการที่ใกล้ครบกำหนด' }}
      columns={[
        {
          title: 'รถ',
          key: 'no',
          render: (_, r) => (
            <Link to={`/vehicles/${r.vehicle_id}`}>
              <strong>
                {r.no} {r.province}
              </strong>
            </Link>
          ),
        },
        ...(compact
          ? []
          : [
              {
                title: 'ยี่ห้อ/รุ่น',
                key: 'brand',
                render: (_: unknown, r: Reminder) => `${r.brand} ${r.model}`.trim() || '-',
              },
              { title: 'สาขา', dataIndex: 'branch' },
            ]),
        {
          title: 'รายการ',
          dataIndex: 'kind_name',
          render: (v: string, r) => (
            <>
              {v} {r.overdue && <Tag color="red">เลยกำหนด</Tag>}
            </>
          ),
        },
        {
          title: 'ครบกำหนด',
          dataIndex: 'due',
          render: (_: string, r) => <DueTag due={r.due} days={r.days_left} state={r.overdue ? 'overdue' : 'soon'} />,
        },
        ...(compact
          ? []
          : [
              {
                title: 'เงินเพิ่มโดยประมาณ',
                key: 'surcharge',
                align: 'right' as const,
                render: (_: unknown, r: Reminder) =>
                  r.surcharge_months ? (
                    <span>
                      {r.surcharge_estimate ? `${formatMoney(r.surcharge_estimate)} บาท` : '-'}
                      <br />
                      <span className="kk-muted">
                        {r.surcharge_months} เดือน × {r.surcharge_rate}%
                      </span>
                    </span>
                  ) : (
                    '-'
                  ),
              },
              {
                title: 'หมายเหตุ',
                dataIndex: 'note',
                render: (v: string, r: Reminder) => (
                  <>
                    {r.needs_check && r.kind === 'tax' && (
                      <WarningOutlined style={{ color: '#d46b08', marginRight: 4 }} />
                    )}
                    {v || '-'}
                  </>
                ),
              },
            ]),
      ]}
    />
  );
}

export default function Reminders() {
  const [params] = useSearchParams();
  const q = useReminders(params.get('branch') ?? undefined);
  const rules = useFleetRules();
  const r = rules.data?.current;
  const { can, user } = useSession();
  const [edit, setEdit] = useState(false);
  // the rules hold for the whole school: the head office (a user of every branch) sets them
  const mayEdit = can('manage', 'Vehicle') && !!user?.all_branches;
  return (
    <div>
      <PageHeader
        title="แจ้งเตือนครบกำหนดรถ"
        subtitle={
          r ? `ภาษี พ.ร.บ. ประกันภัย และตรวจสภาพ (ตรอ.) ที่จะครบกำหนดภายใน ${r.remind_days} วัน หรือเลยกำหนดแล้ว` : undefined
        }
        extra={mayEdit && <Button onClick={() => setEdit(true)}>ตั้งค่าเกณฑ์แจ้งเตือน</Button>}
      />
      <RulesForm open={edit} onClose={() => setEdit(false)} current={r} />
      {r && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`เกณฑ์ที่ใช้: แจ้งล่วงหน้า ${r.remind_days} วัน · ภาษีล่าช้าเสียเงินเพิ่มร้อยละ ${r.tax_late_rate} ต่อเดือน (เศษของเดือนนับเป็นหนึ่งเดือน) · รถยนต์อายุ ${r.car_check_age} ปีขึ้นไป และรถจักรยานยนต์อายุ ${r.motorcycle_check_age} ปีขึ้นไป ต้องตรวจสภาพ (ตรอ.) ก่อนต่อภาษี · ต่อภาษีล่วงหน้าได้ ${r.tax_early_days} วัน`}
        />
      )}
      <Card>
        <ReminderTable rows={q.data ?? []} loading={q.isLoading} />
      </Card>
    </div>
  );
}
