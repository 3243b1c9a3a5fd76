/** Payroll staff: the employees with their pay, and one employee's salary and standing incomes and deductions. */
import { DeleteOutlined, FilePdfOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, InputNumber, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import {
  addStaffItem,
  getPayrollItems,
  getStaff,
  getStaffItems,
  openCertificate,
  payrollKeys,
  removeStaffItem,
  type StaffDetail,
} from './queries';
import { AllowanceCard } from './AllowanceCard';

interface EmployeeRow {
  user_id: number;
  prefix: string;
  fname: string;
  sname: string;
  position: string;
  branch_name: string;
  role_name: string;
}
const columns: ListColumn<EmployeeRow>[] = [
  {
    title: 'ชื่อ-นามสกุล',
    key: 'name',
    exportValue: (r) => `${r.prefix}${r.fname} ${r.sname}`,
    render: (_: unknown, r) => `${r.prefix}${r.fname} ${r.sname}`,
  },
  { title: 'ตำแหน่ง', dataIndex: 'position' },
  { title: 'สาขา', dataIndex: 'branch_name' },
];

export function PayrollStaffList() {
  return (
    <ListPage<EmployeeRow>
      title="พนักงานในระบบเงินเดือน"
      subtitle="เลือกพนักงานเพื่อดูเงินเดือน รายได้และรายการหักประจำ"
      endpoint="/user/gettable"
      rowKey="user_id"
      columns={columns}
      filters={['branch']}
      search="ค้นหาชื่อพนักงาน"
      detailPath={(r) => `/payroll/staff/${r.user_id}`}
      exportName="พนักงานเงินเดือน"
    />
  );
}

export function PayrollStaffDetail() {
  const userId = Number(useParams().id);
  const { can } = useSession();
  const qc = useQueryClient();
  const staff = useQuery({
    queryKey: payrollKeys.staff(userId),
    queryFn: () => getStaff(userId),
  });
  const catalog = useQuery({
    queryKey: payrollKeys.catalog,
    queryFn: getPayrollItems,
  });
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [pick, setPick] = useState<number | undefined>();
  const [amount, setAmount] = useState<number | null>(null);
  const picked = catalog.data?.data.find((c) => c.list_payroll_id === pick);
  const after = (res: { message: string }) => {
    setBanner({ status: 'success', message: res.message });
    void qc.invalidateQueries({ queryKey: payrollKeys.staff(userId) });
  };
  const fail = (e: unknown) => setBanner({ status: 'error', message: errorMessage(e) });
  const add = useMutation({
    mutationFn: () =>
      addStaffItem({
        user_id: userId,
        list_payroll_id: pick!,
        ...(picked?.condition === 'fill' ? { value: String(amount ?? 0) } : { per_value: String(amount ?? 0) }),
      }),
    onSuccess: (res) => {
      after(res);
      setPick(undefined);
      setAmount(null);
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: removeStaffItem,
    onSuccess: after,
    onError: fail,
  });
  const thisYear = new Date(Date.now() + 7 * 3600_000).getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const certificate = async () => {
    try {
      await openCertificate(userId, year);
    } catch (e) {
      fail(e);
    }
  };
  const d = staff.data;
  const editable = can('update', 'Payroll');
  const skip = ['salary', 'social_security', 'withholding_tax'];
  const lineTable = (title: string, rows: StaffDetail['income']) => (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        rowKey={(r) => `${r.list_payroll_id}-${r.name}`}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'ไม่มีรายการประจำ' }}
        columns={[
          { title: 'รายการ', dataIndex: 'name' },
          {
            title: 'อัตรา/จำนวน',
            key: 'q',
            render: (_: unknown, r) =>
              r.condition === 'fill' ? 'กรอกยอดเอง' : `${r.per_value} × ${formatMoney(r.value)} ${r.title_value}`,
          },
          { title: 'ต่อเดือน', dataIndex: 'amount', align: 'right', render: (v: string) => <MoneyText value={v} /> },
          ...(editable
            ? [
                {
                  title: '',
                  key: 'x',
                  render: (_: unknown, r: StaffDetail['income'][number]) => {
                    const item = (staffItems.data ?? []).find((i) => i.list_payroll_id === r.list_payroll_id);
                    return item ? (
                      <Popconfirm
                        title="ลบรายการประจำนี้?"
                        okText="ลบ"
                        cancelText="ยกเลิก"
                        onConfirm={() => remove.mutate(item.id)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`ลบ ${r.name}`} />
                      </Popconfirm>
                    ) : null;
                  },
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
  const staffItems = useQuery({
    queryKey: payrollKeys.items(userId),
    queryFn: () => getStaffItems(userId),
    enabled: editable,
  });
  return (
    <div>
      <PageHeader
        title="เงินเดือนพนักงาน"
        subtitle={d ? `${d.user_info.name} · ${d.user_info.position} · ${d.user_info.branch_name}` : undefined}
        extra={
          <>
            <Select
              aria-label="ปีภาษี"
              value={year}
              onChange={setYear}
              options={[thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: y, label: `ปีภาษี ${y + 543}` }))}
            />
            <Button icon={<FilePdfOutlined />} onClick={() => void certificate()}>
              หนังสือรับรอง 50 ทวิ
            </Button>
            <Link to={`/payroll/history/${userId}`}>
              <Button icon={<HistoryOutlined />}>ประวัติเงินเดือน</Button>
            </Link>
          </>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {staff.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={errorMessage(staff.error)}
          data-testid="staff-error"
        />
      )}
      {d && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                {
                  key: 's',
                  label: d.user_info.is_salary_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
                  children: <MoneyText value={d.user_info.salary} unit />,
                },
                {
                  key: 'sso',
                  label: 'ฐานเงินประกันสังคม',
                  children: Number(d.user_info.sso_salary) ? (
                    <MoneyText value={d.user_info.sso_salary} unit />
                  ) : (
                    'ตามค่าจ้างที่จ่ายจริง'
                  ),
                },
                {
                  key: 'pay',
                  label: 'การจ่าย',
                  children:
                    d.user_info.salary_pay_type === 'cash'
                      ? 'เงินสด'
                      : `โอน ${d.user_info.bank} ${d.user_info.bank_acc}`,
                },
              ]}
            />
          </Card>
          {lineTable('รายได้ประจำ', d.income)}
          {lineTable('รายการหักประจำ', d.deduction)}
          <AllowanceCard
            userId={userId}
            editable={editable}
            say={(status, message) => setBanner({ status, message })}
          />
          {editable && (
            <Card size="small" title="เพิ่มรายการประจำ">
              <Space wrap>
                <Select
                  style={{ minWidth: 240 }}
                  placeholder="เลือกรายการเงินเดือน"
                  aria-label="รายการเงินเดือน"
                  value={pick}
                  onChange={setPick}
                  options={(catalog.data?.data ?? [])
                    .filter((c) => c.status === 'active' && !skip.includes(c.category))
                    .map((c) => ({
                      value: c.list_payroll_id,
                      label: `${c.type === 'deduction' ? 'หัก' : 'รายได้'}: ${c.name}`,
                    }))}
                />
                <InputNumber
                  min={0}
                  precision={2}
                  style={{ width: 160 }}
                  value={amount}
                  onChange={setAmount}
                  aria-label="จำนวน"
                  placeholder={
                    picked?.condition === 'fill' ? 'จำนวนเงินต่อเดือน' : `จำนวน (${picked?.title_value ?? 'หน่วย'})`
                  }
                />
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={!pick}
                  loading={add.isPending}
                  onClick={() => add.mutate()}
                >
                  เพิ่ม
                </Button>
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                รายการประจำจะถูกใส่ในเงินเดือนทุกเดือนที่เริ่มทำใหม่ แก้ไขยอดของเดือนใดเดือนหนึ่งได้ในแผ่นงานเงินเดือน
              </Typography.Paragraph>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
