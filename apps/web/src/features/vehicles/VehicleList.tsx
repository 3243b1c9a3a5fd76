import { Tag } from 'antd';
import type { Vehicle } from '@khabkhi/contracts';
import { daysBetween, todayBangkok } from '@khabkhi/thai';
import { useSession } from '../../api/useSession';
import { ListPage } from '../../components/ListPage';
import { vehicleListSource } from './lists';
import { DueTag } from './DueTag';

const STATUS_COLOR: Record<string, string> = { active: 'green', repair: 'orange', sold: 'default' };

export default function VehicleList() {
  const { can } = useSession();
  const today = todayBangkok();
  return (
    <ListPage<Vehicle>
      {...vehicleListSource}
      title="รถของโรงเรียน"
      subtitle="รถฝึกและรถสอบของทุกสาขา วันครบกำหนดภาษี พ.ร.บ. ประกันภัย และตรวจสภาพ"
      rowKey="vehicle_id"
      search="ค้นหาทะเบียน ยี่ห้อ รุ่น"
      addButton={can('create', 'Vehicle') ? { to: '/vehicles/new', label: 'เพิ่มรถ' } : undefined}
      detailPath={(r) => `/vehicles/${r.vehicle_id}`}
      exportName="ยานพาหนะ"
      columns={[
        {
          title: 'ทะเบียน',
          dataIndex: 'no',
          render: (_: string, r) => (
            <strong>
              {r.no} {r.province}
            </strong>
          ),
          exportValue: (r) => `${r.no} ${r.province}`,
        },
        {
          title: 'ครบกำหนดถัดไป',
          dataIndex: 'next_due',
          exportValue: (r) => (r.next_due ? `${r.next_due_name} ${r.next_due}` : ''),
          render: (_: string, r) =>
            r.next_due ? (
              <span>
                {r.next_due_name}: <DueTag due={r.next_due} days={daysBetween(today, r.next_due)} />
              </span>
            ) : (
              '-'
            ),
        },
        {
          title: 'ประเภท',
          dataIndex: 'type_name',
          render: (v: string, r) => (
            <>
              {v}
              {r.is_exam && (
                <Tag color="purple" style={{ marginLeft: 6 }}>
                  รถสอบ
                </Tag>
              )}
            </>
          ),
        },
        {
          title: 'ยี่ห้อ/รุ่น',
          dataIndex: 'brand',
          exportValue: (r) => `${r.brand} ${r.model}`.trim(),
          render: (_: string, r) => `${r.brand} ${r.model}`.trim() || '-',
        },
        { title: 'สาขา', dataIndex: 'branch' },
        {
          title: 'สถานะ',
          dataIndex: 'status_name',
          render: (v: string, r) => <Tag color={STATUS_COLOR[r.status]}>{v}</Tag>,
        },
        {
          title: 'เลขไมล์ล่าสุด',
          dataIndex: 'last_mile',
          kind: 'number',
          render: (v: number | null) => (v === null ? '-' : `${v.toLocaleString('th-TH')} กม.`),
        },
      ]}
    />
  );
}
