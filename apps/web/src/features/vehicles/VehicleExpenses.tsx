/** The vehicle expenses table (SPEC: filters branch and list_expenses), with a date range and the filtered total. */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Expense } from '@khabkhi/contracts';
import { todayBangkok, addDays } from '@khabkhi/thai';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { formatMoney } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { ExpenseFormModal } from '../expenses/ExpenseFormModal';

const RENEW_NAME: Record<string, string> = {
  tax: 'ต่อภาษี',
  compulsory: 'ต่อ พ.ร.บ.',
  insurance: 'ต่อประกันภัย',
  check: 'ตรวจสภาพ',
};

export function expenseColumns(onEdit?: (e: Expense) => void, withVehicle = true): ListColumn<Expense>[] {
  return [
    { title: 'วันที่', dataIndex: 'date', kind: 'date', render: (v: string) => <ThaiDate value={v} /> },
    ...(withVehicle
      ? [
          {
            title: 'รถ',
            dataIndex: 'vehicle',
            render: (v: string, r: Expense) => (
              <Link to={`/vehicles/${r.vehicle_id}`} onClick={(e) => e.stopPropagation()}>
                {v}
              </Link>
            ),
          } as ListColumn<Expense>,
        ]
      : []),
    {
      title: 'รายการ',
      dataIndex: 'list_expenses',
      wrap: 220,
      render: (v: string, r: Expense) => (
        <>
          {v}
          {r.renew_kind && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {RENEW_NAME[r.renew_kind]}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: 'เลขไมล์',
      dataIndex: 'mile',
      kind: 'number',
      render: (v: number | null) => (v === null ? '-' : v.toLocaleString('th-TH')),
    },
    {
      title: 'ลิตร',
      dataIndex: 'liters',
      kind: 'number',
      render: (v: string | null, r: Expense) => (v === null ? '-' : `${v}${r.is_full_tank ? ' (เต็มถัง)' : ''}`),
    },
    { title: 'กม./ลิตร', dataIndex: 'km_per_liter', kind: 'number', render: (v: string | null) => v ?? '-' },
    { title: 'ชำระโดย', dataIndex: 'pay_type_name' },
    { title: 'จำนวนเงิน (บาท)', dataIndex: 'value', kind: 'money' },
    {
      title: 'ไฟล์',
      dataIndex: 'files',
      noExport: true,
      render: (v: Expense['files']) => (v.length ? <Tag>{v.length} ไฟล์</Tag> : '-'),
    },
    { title: 'รายละเอียด', dataIndex: 'detail', wrap: 220 },
    ...(onEdit
      ? [
          {
            title: '',
            key: 'edit',
            noExport: true,
            fixed: 'right' as const,
            render: (_: unknown, r: Expense) => (
              <Button
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  onEdit(r);
                }}
              >
                แก้ไข
              </Button>
            ),
          },
        ]
      : []),
  ];
}

export default function VehicleExpenses() {
  const { can } = useSession();
  const [modal, setModal] = useState<{ expense: Expense | null } | null>(null);
  const today = todayBangkok();
  return (
    <>
      <ListPage<Expense>
        endpoint="/vehicle/expenses/gettable"
        filters={['branch', 'list_expenses']}
        dateRange={{ start: addDays(today, -89), end: today, label: 'วันที่' }}
        title="ค่าใช้จ่ายยานพาหนะ"
        subtitle="น้ำมัน ซ่อมบำรุง ภาษี พ.ร.บ. และประกันภัยของรถทุกคัน"
        rowKey="expenses_id"
        search="ค้นหาทะเบียนหรือรายละเอียด"
        exportName="ค่าใช้จ่ายยานพาหนะ"
        extra={
          can('create', 'Accounting') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ expense: null })}>
              บันทึกค่าใช้จ่าย
            </Button>
          )
        }
        summary={(res) =>
          res?.totals ? (
            <div style={{ marginBottom: 12 }}>
              รวมตามตัวกรอง <strong data-testid="vehicle-expenses-total">{formatMoney(res.totals.value)}</strong> บาท (
              {res.meta.total} รายการ)
            </div>
          ) : null
        }
        columns={expenseColumns(can('update', 'Accounting') ? (e) => setModal({ expense: e }) : undefined)}
      />
      <ExpenseFormModal open={!!modal} expense={modal?.expense} onClose={() => setModal(null)} />
    </>
  );
}
