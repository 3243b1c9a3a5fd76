/**
 * One vehicle: its information (form), its legal dates and reminders, its expenses, odometer history and fuel economy.
 * "บันทึกค่าใช้จ่าย" opens the shared expense dialog for this vehicle.
 */
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Expense, FuelFill, VehicleCreateBody } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { applyServerError } from '../../components/formErrors';
import { ListPage } from '../../components/ListPage';
import { formatMoney } from '../../components/MoneyText';
import { DeleteButton, DetailForm, DetailPage } from '../../components/DetailPage';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { useBanner } from '../../components/useBanner';
import { oneRecordAtATime, useRereadValues } from '../../components/recordForm';
import { label } from '../../i18n/th';
import { ExpenseFormModal } from '../expenses/ExpenseFormModal';
import { DueTag } from './DueTag';
import { createVehicle, deleteVehicle, updateVehicle, useVehicle, useVehicleOptions, vehicleKeys } from './queries';
import { expenseColumns } from './VehicleExpenses';
import { FIELDS, useProvinces, type Values } from './vehicleForm';

/** The page of one vehicle (or of a new one), mounted afresh for each. */
export default oneRecordAtATime(VehicleDetailPage);

function VehicleDetailPage() {
  const { id } = useParams();
  const vehicleId = id ? Number(id) : null;
  const isNew = !vehicleId;
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can, user } = useSession();
  const [banner, setBanner] = useBanner(id ?? 'new');
  // the banner of a create comes under its own key, so the expense list on this page does not show it as its own
  const location = useLocation();
  useEffect(() => {
    const b = (location.state as { vehicleBanner?: typeof banner } | null)?.vehicleBanner;
    if (b) setBanner(b);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
  const [modal, setModal] = useState<{ expense: Expense | null } | null>(null);
  const v = useVehicle(vehicleId);
  const options = useVehicleOptions();
  const provinces = useProvinces();
  const readOnly = isNew ? !can('create', 'Vehicle') : !can('update', 'Vehicle');

  const valuesOf = (d: NonNullable<typeof v.data>) =>
    Object.fromEntries(FIELDS.map((k) => [k, (d as unknown as Record<string, unknown>)[k]])) as Values;
  const startValues = isNew
    ? { branch_id: user?.branch_id, type: 'car', status: 'active', is_exam: false, province: 'กรุงเทพมหานคร' }
    : v.data && valuesOf(v.data);
  useRereadValues(form, v.data, valuesOf);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: vehicleKeys.table });
    void qc.invalidateQueries({ queryKey: vehicleKeys.reminders });
  };
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = Object.fromEntries(
        Object.entries(values).map(([k, x]) => [
          k,
          x === undefined ? (k.startsWith('noti_') || k.endsWith('_date') ? null : k === 'is_exam' ? false : '') : x,
        ]),
      ) as VehicleCreateBody;
      return isNew ? createVehicle(body) : updateVehicle({ ...body, vehicle_id: vehicleId! });
    },
    onSuccess: (res) => {
      refresh();
      const b = { status: res.status, message: res.message };
      if (isNew) navigate(`/vehicles/${res.data.vehicle_id}`, { replace: true, state: { vehicleBanner: b } });
      else {
        void qc.invalidateQueries({ queryKey: vehicleKeys.one(vehicleId) });
        setBanner(b);
      }
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setBanner({ status: 'error', message: msg });
      applyServerError(form, msg);
    },
  });
  const del = useMutation({
    mutationFn: () => deleteVehicle(vehicleId!),
    onSuccess: (res) => {
      refresh();
      navigate('/vehicles', { state: { banner: { status: res.status, message: res.message } } });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  const d = v.data;
  const title = isNew ? 'เพิ่มรถ' : d ? `รถทะเบียน ${d.no} ${d.province}` : 'ข้อมูลรถ';
  const branchOptions = (options.data?.branch ?? []).map(([value, name]) => ({ value, label: name }));

  const info = (
    <DetailForm
      form={form}
      initialValues={startValues as Values | undefined}
      readOnly={readOnly}
      saving={save.isPending}
      onSave={save.mutate}
      clearBanner={() => setBanner(null)}
    >
      <Card title="ข้อมูลรถ" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item
              name="no"
              label={label('no')}
              rules={[{ required: true, whitespace: true, message: 'กรุณากรอกเลขทะเบียน' }]}
            >
              <Input autoFocus maxLength={20} placeholder="เช่น 1กข 1234" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="province" label="จังหวัดของทะเบียน" rules={[{ required: true, message: 'กรุณาเลือกจังหวัด' }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={provinces} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="type" label={label('type')}>
              <Select options={(options.data?.type ?? []).map((o) => ({ value: o.value, label: o.name }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="status" label={label('status')}>
              <Select options={(options.data?.status ?? []).map((o) => ({ value: o.value, label: o.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="branch_id" label={label('branch_id')}>
              <Select options={branchOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="brand" label={label('brand')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="model" label={label('model')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="color" label={label('color')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="is_exam" label=" " valuePropName="checked">
              <Checkbox>รถสอบ</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="registration_date"
              label={label('registration_date')}
              tooltip="ใช้คำนวณอายุรถสำหรับการตรวจสภาพ (ตรอ.)"
            >
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="purchase_date" label={label('purchase_date')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="insurance_company" label={label('insurance_company')}>
              <Input maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="insurance_type" label={label('insurance_type')}>
              <Select
                allowClear
                options={(options.data?.insurance_type ?? []).map((o) => ({ value: o.value, label: o.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card
        title="วันครบกำหนด"
        style={{ marginBottom: 16 }}
        extra={<span className="kk-muted">การต่ออายุที่บันทึกเป็นค่าใช้จ่ายจะเลื่อนวันเหล่านี้ให้เอง</span>}
      >
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="noti_tax" label={label('noti_tax')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="noti_compulsory" label={label('noti_compulsory')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="noti_insurance" label={label('noti_insurance')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="noti_check" label={label('noti_check')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="note" label={label('note')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {!readOnly && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} size="large">
          บันทึก
        </Button>
      )}
    </DetailForm>
  );

  return (
    <DetailPage
      title={
        <>
          {title} {d && <Tag>{d.type_name}</Tag>}
          {d?.is_exam && <Tag color="purple">รถสอบ</Tag>}
        </>
      }
      subtitle={
        d
          ? `${d.brand} ${d.model} · ${d.branch}${d.age_years !== null ? ` · อายุ ${d.age_years} ปี` : ''}${d.last_mile !== null ? ` · เลขไมล์ล่าสุด ${d.last_mile.toLocaleString('th-TH')} กม.` : ''}`
          : 'ช่องที่มีเครื่องหมาย * ต้องกรอก'
      }
      back="/vehicles"
      extra={
        !isNew &&
        d && (
          <Space>
            {can('create', 'Accounting') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ expense: null })}>
                บันทึกค่าใช้จ่าย
              </Button>
            )}
            {can('delete', 'Vehicle') && (
              <DeleteButton title="ลบรถคันนี้?" label="ลบรถ" onConfirm={() => del.mutateAsync()} />
            )}
          </Space>
        )
      }
      banner={banner}
      onBannerClose={() => setBanner(null)}
      isNew={isNew}
      record={v}
      after={
        d && (
          <ExpenseFormModal
            open={!!modal}
            expense={modal?.expense}
            vehicleId={d.vehicle_id}
            vehicleBranchId={d.branch_id}
            onClose={() => setModal(null)}
          />
        )
      }
    >
      {isNew || !d ? (
        info
      ) : (
        <>
          {d.reminders.length > 0 && (
            <Alert
              type={d.reminders.some((r) => r.overdue) ? 'error' : 'warning'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="vehicle-reminders"
              title={d.reminders
                .map(
                  (r) =>
                    `${r.kind_name} ${r.overdue ? `เลยกำหนด ${-r.days_left} วัน` : `ครบกำหนดในอีก ${r.days_left} วัน`}`,
                )
                .join(' · ')}
              description={
                d.reminders
                  .map((r) => r.note)
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
            />
          )}
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={24} lg={14}>
              <Card title="วันครบกำหนด" size="small" style={{ height: '100%' }}>
                <Descriptions
                  column={1}
                  size="small"
                  items={d.due.map((x) => ({
                    key: x.kind,
                    label: x.kind_name,
                    children: (
                      <span data-testid={`due-${x.kind}`}>
                        <DueTag due={x.due} days={x.days_left} state={x.state} />
                      </span>
                    ),
                  }))}
                />
                {d.needs_check && (
                  <div className="kk-muted" style={{ marginTop: 8 }}>
                    รถอายุ {d.age_years} ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี
                  </div>
                )}
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title="อัตราสิ้นเปลือง" size="small" style={{ height: '100%' }}>
                <div style={{ fontSize: 28, fontWeight: 600 }} data-testid="vehicle-kmpl">
                  {d.km_per_liter ? `${d.km_per_liter} กม./ลิตร` : '-'}
                </div>
                <span className="kk-muted">เฉลี่ยจากการเติมเต็มถัง (ระยะทางระหว่างการเติมเต็มถังสองครั้ง ÷ ลิตรที่เติม)</span>
              </Card>
            </Col>
          </Row>
          <Tabs
            items={[
              ...(can('read', 'Accounting')
                ? [
                    {
                      key: 'expenses',
                      label: 'ค่าใช้จ่าย',
                      children: (
                        <ListPage<Expense>
                          endpoint="/vehicle/expenses/gettable"
                          baseQuery={{ vehicle: String(d.vehicle_id) }}
                          filters={['list_expenses']}
                          title="ค่าใช้จ่ายของรถคันนี้"
                          rowKey="expenses_id"
                          exportName={`ค่าใช้จ่าย ${d.no}`}
                          search={false}
                          summary={(res) =>
                            res?.totals ? (
                              <div style={{ marginBottom: 12 }}>
                                รวม <strong>{formatMoney(res.totals.value)}</strong> บาท
                              </div>
                            ) : null
                          }
                          columns={expenseColumns(
                            can('update', 'Accounting') ? (e) => setModal({ expense: e }) : undefined,
                            false,
                          )}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'fuel',
                label: 'การเติมน้ำมัน',
                children: (
                  <Table<FuelFill>
                    rowKey="expenses_id"
                    dataSource={d.fuel}
                    size="small"
                    pagination={{ pageSize: 10 }}
                    data-testid="fuel-table"
                    locale={{ emptyText: 'ยังไม่มีการเติมน้ำมันที่บันทึกเลขไมล์' }}
                    columns={[
                      { title: 'วันที่', dataIndex: 'date', render: (x: string) => <ThaiDate value={x} /> },
                      {
                        title: 'เลขไมล์',
                        dataIndex: 'mile',
                        align: 'right',
                        render: (x: number) => x.toLocaleString('th-TH'),
                      },
                      {
                        title: 'ลิตร',
                        dataIndex: 'liters',
                        align: 'right',
                        render: (x: string | null, r) => (
                          <>
                            {x ?? '-'}
                            {r.is_full_tank && <Tag style={{ marginLeft: 6 }}>เต็มถัง</Tag>}
                          </>
                        ),
                      },
                      { title: 'จำนวนเงิน', dataIndex: 'value', align: 'right', render: (x: string) => formatMoney(x) },
                      {
                        title: 'กม./ลิตร',
                        dataIndex: 'km_per_liter',
                        align: 'right',
                        render: (x: string | null) => (x ? <strong>{x}</strong> : '-'),
                      },
                      {
                        title: 'บาท/กม.',
                        dataIndex: 'baht_per_km',
                        align: 'right',
                        render: (x: string | null) => x ?? '-',
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'odometer',
                label: 'ประวัติเลขไมล์',
                children: (
                  <Table
                    rowKey="reading_id"
                    dataSource={d.odometer}
                    size="small"
                    pagination={{ pageSize: 10 }}
                    columns={[
                      { title: 'วันที่', dataIndex: 'date', render: (x: string) => <ThaiDate value={x} /> },
                      {
                        title: 'เลขไมล์ (กม.)',
                        dataIndex: 'mile',
                        align: 'right',
                        render: (x: number) => x.toLocaleString('th-TH'),
                      },
                      {
                        title: 'บันทึกจาก',
                        dataIndex: 'expenses_id',
                        render: (x: number | null) => (x ? `ค่าใช้จ่ายเลขที่ ${x}` : '-'),
                      },
                    ]}
                  />
                ),
              },
              { key: 'info', label: 'ข้อมูลรถ', children: info },
            ]}
          />
        </>
      )}
    </DetailPage>
  );
}
