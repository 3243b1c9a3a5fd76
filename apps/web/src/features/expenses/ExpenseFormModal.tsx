/**
 * The expense form as a dialog, reusable: the vehicle screens open it for a vehicle (fuel with its mileage, a repair,
 * a renewal that moves the vehicle's due date), the accounting screen for any expense. The server decides every rule
 * (odometer, closed day, money > 0, renewal date, the fleet's renewal rules) and its Thai message is shown in the
 * dialog. A renewal the fleet's rules refuse (a tax too early, the พ.ร.บ. lapsed, the ตรอ. missing) may be recorded all
 * the same by a manager: the refusal then asks for the reason, and the dialog sends it again with it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Col, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { todayBangkok } from '@khabkhi/thai';
import { DUE_KINDS, type ExpenseItem } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';
import { useSession } from '../../api/useSession';
import { MoneyInput } from '../../components/MoneyInput';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { applyServerError, detailsOf } from '../../components/formErrors';
import { label } from '../../i18n/th';
import { useBranchOptions } from '../branches/queries';
import { Attachments } from './Attachments';
import { expenseBody, type ExpenseFormValues } from './expenseBody';
import {
  createExpense,
  EXPENSE_TABLES,
  updateExpense,
  VEHICLE_ONE,
  VEHICLE_REMINDERS,
  useExpenseCategories,
  useExpenseEmployees,
  useExpenseVehicles,
  type ExpenseRow,
} from './queries';

export interface ExpenseFormModalProps {
  open: boolean;
  onClose: () => void;
  /** after a save: the expense as the server answered it (with km_per_liter on a full tank) */
  onSaved?: (expense: ExpenseRow, message: string) => void;
  /** record for this vehicle (its branch, fixed) */
  vehicleId?: number;
  /** the branch of the vehicle (when vehicleId is given) */
  vehicleBranchId?: number;
  /** edit this expense */
  expense?: ExpenseRow | null;
}

type Values = ExpenseFormValues;

const RENEW_OPTIONS = DUE_KINDS.map((k) => ({ value: k.kind, label: k.name }));

export function ExpenseFormModal({
  open,
  onClose,
  onSaved,
  vehicleId,
  vehicleBranchId,
  expense,
}: ExpenseFormModalProps) {
  const [form] = Form.useForm<Values>();
  const { user, can } = useSession();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  /** the server's refusal of a renewal a manager may record all the same: the reason field is shown */
  const [overrideAsked, setOverrideAsked] = useState<string | null>(null);
  const branches = useBranchOptions(open);
  const branchId = Form.useWatch('branch_id', form) ?? null;
  const itemId = Form.useWatch('list_expenses_id', form);
  // on a vehicle's page the vehicle is the page's (its field is not shown, so not watched: a field the form does not
  // render can read back empty while another field mounts, which cleared the reason asked for a refused renewal)
  const chosenVehicle = Form.useWatch('vehicle_id', form);
  const theVehicle = vehicleId ?? chosenVehicle;
  const renewKind = Form.useWatch('renew_kind', form);
  const fullTank = Form.useWatch('is_full_tank', form);
  const paidOn = Form.useWatch('date', form);
  const cats = useExpenseCategories(open ? branchId : null);
  const vehicles = useExpenseVehicles(open && !vehicleId ? branchId : null);
  const employees = useExpenseEmployees(open ? branchId : null);
  const items = useMemo(() => (cats.data ?? []).flatMap((c) => c.list), [cats.data]);
  const item: ExpenseItem | undefined = items.find((i) => i.list_expenses_id === itemId);
  const withVehicle = !!theVehicle;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setOverrideAsked(null);
    form.resetFields();
    if (expense) {
      form.setFieldsValue({
        branch_id: expense.branch_id,
        list_expenses_id: expense.list_expenses_id,
        date: expense.date,
        vehicle_id: expense.vehicle_id,
        user_id: expense.user_id,
        pay_type: expense.pay_type as Values['pay_type'],
        value: expense.value,
        mile: expense.mile,
        liters: expense.liters === null ? null : Number(expense.liters),
        is_full_tank: expense.is_full_tank,
        renew_kind: expense.renew_kind,
        renew_until: expense.renew_until,
        detail: expense.detail,
        files: expense.files.map((f) => ({ file_id: f.file_id, file_type: f.file_type })),
      });
    } else {
      form.setFieldsValue({
        branch_id: vehicleBranchId ?? user?.branch_id,
        date: todayBangkok(),
        pay_type: 'cash',
        vehicle_id: vehicleId ?? null,
        files: [],
        is_full_tank: false,
      });
    }
  }, [open, expense, vehicleId, vehicleBranchId, user?.branch_id, form]);

  // another renewal (item, vehicle, kind or day paid) is judged afresh: the reason asked for the refused one goes
  useEffect(() => setOverrideAsked(null), [itemId, theVehicle, renewKind, paidOn]);

  // a renewal item suggests its kind (the user may change it)
  useEffect(() => {
    if (!open || expense || !item) return;
    form.setFieldValue('renew_kind', withVehicle ? item.renew_kind : null);
    if (item.is_fuel) form.setFieldValue('is_full_tank', true);
  }, [item?.list_expenses_id, withVehicle]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = expenseBody(v, vehicleId);
      return expense ? updateExpense({ ...body, expenses_id: expense.expenses_id }) : createExpense(body);
    },
    onSuccess: (res) => {
      for (const t of EXPENSE_TABLES) void qc.invalidateQueries({ queryKey: tableKeys.of(t) });
      if (res.data.vehicle_id) void qc.invalidateQueries({ queryKey: VEHICLE_ONE(res.data.vehicle_id) });
      void qc.invalidateQueries({ queryKey: VEHICLE_REMINDERS });
      const msg = res.data.km_per_liter ? `${res.message} · อัตราสิ้นเปลือง ${res.data.km_per_liter} กม./ลิตร` : res.message;
      message.success(msg);
      onSaved?.(res.data, msg);
      onClose();
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setError(msg);
      const ask = detailsOf(e).find((d) => d.field === 'rule_override_reason');
      if (ask && can('approve', 'Request')) {
        setOverrideAsked(ask.message.replace(/^[^:：]*[:：]\s*/, ''));
      } else applyServerError(form, msg);
    },
  });

  const branchOptions = (branches.data ?? []).map((b) => ({ value: b.branch_id, label: b.name }));
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={expense ? 'แก้ไขค่าใช้จ่าย' : vehicleId ? 'บันทึกค่าใช้จ่ายของรถ' : 'บันทึกค่าใช้จ่าย'}
      width={760}
      okText={overrideAsked ? 'ยืนยันบันทึก' : 'บันทึก'}
      cancelText="ยกเลิก"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {error && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={error}
          style={{ marginBottom: 12 }}
          closable={{ onClose: () => setError(null), 'aria-label': 'ปิด' }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setError(null);
          save.mutate(v);
        }}
        disabled={save.isPending}
      >
        <Row gutter={12}>
          {branchOptions.length > 1 && (
            <Col xs={24} md={8}>
              <Form.Item
                name="branch_id"
                label={label('branch_id')}
                rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}
              >
                <Select
                  options={branchOptions}
                  disabled={!!vehicleId || !!expense}
                  onChange={() => form.setFieldsValue({ list_expenses_id: undefined, vehicle_id: null, user_id: null })}
                />
              </Form.Item>
            </Col>
          )}
          {branchOptions.length <= 1 && (
            <Form.Item name="branch_id" hidden>
              <Input />
            </Form.Item>
          )}
          <Col xs={24} md={branchOptions.length > 1 ? 16 : 24}>
            <Form.Item
              name="list_expenses_id"
              label="รายการค่าใช้จ่าย"
              rules={[{ required: true, message: 'กรุณาเลือกรายการค่าใช้จ่าย' }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="เลือกรายการ"
                loading={cats.isLoading}
                autoFocus
                data-testid="expense-item"
                options={(cats.data ?? []).map((c) => ({
                  label: c.name,
                  title: c.name,
                  options: c.list.map((i) => ({ value: i.list_expenses_id, label: i.name })),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date" label="วันที่จ่าย" rules={[{ required: true, message: 'กรุณาระบุวันที่' }]}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="value"
              label="จำนวนเงิน"
              rules={[
                { required: true, message: 'กรุณากรอกจำนวนเงิน' },
                { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: 'จำนวนเงินเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง' },
              ]}
            >
              <MoneyInput data-testid="expense-value" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="pay_type" label={label('pay_type')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'cash', label: 'เงินสด' },
                  { value: 'transfer', label: 'โอนเงิน' },
                ]}
              />
            </Form.Item>
          </Col>
          {!vehicleId && (
            <Col xs={24} md={12}>
              <Form.Item name="vehicle_id" label="รถ (ถ้าเป็นค่าใช้จ่ายของรถ)">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="ไม่ระบุ"
                  loading={vehicles.isLoading}
                  options={(vehicles.data ?? []).map((v) => ({ value: v.value, label: v.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={vehicleId ? 24 : 12}>
            <Form.Item name="user_id" label="พนักงานที่เกี่ยวข้อง">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="ไม่ระบุ"
                loading={employees.isLoading}
                options={(employees.data ?? []).map((v) => ({ value: v.value, label: v.name }))}
              />
            </Form.Item>
          </Col>
          {withVehicle && (
            <>
              <Col xs={24} md={8}>
                <Form.Item
                  name="mile"
                  label="เลขไมล์ (กม.)"
                  rules={item?.is_fuel ? [{ required: true, message: 'เติมน้ำมันรถต้องระบุเลขไมล์' }] : []}
                  extra={item?.is_fuel ? 'เลขไมล์ต้องไม่น้อยกว่าครั้งก่อน' : undefined}
                >
                  <InputNumber
                    min={0}
                    max={9999999}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="expense-mile"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="liters"
                  label="จำนวนลิตร"
                  rules={fullTank ? [{ required: true, message: 'เติมเต็มถังต้องระบุจำนวนลิตร' }] : []}
                >
                  <InputNumber
                    min={0.01}
                    max={9999}
                    precision={2}
                    style={{ width: '100%' }}
                    data-testid="expense-liters"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="is_full_tank" valuePropName="checked" label=" ">
                  <Checkbox>เติมเต็มถัง (คำนวณ กม./ลิตร)</Checkbox>
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="renew_kind" label="การต่ออายุ (เลื่อนวันครบกำหนดของรถ)">
                  <Select allowClear placeholder="ไม่ใช่การต่ออายุ" options={RENEW_OPTIONS} />
                </Form.Item>
              </Col>
              {renewKind && (
                <Col xs={24} md={12}>
                  <Form.Item
                    name="renew_until"
                    label="ต่ออายุถึง (วันครบกำหนดใหม่)"
                    rules={[{ required: true, message: 'กรุณาระบุวันครบกำหนดใหม่' }]}
                  >
                    <ThaiDatePicker />
                  </Form.Item>
                </Col>
              )}
            </>
          )}
          {overrideAsked && (
            <Col xs={24}>
              <Form.Item
                name="rule_override_reason"
                label={label('rule_override_reason')}
                preserve={false}
                extra={overrideAsked}
                rules={[{ required: true, whitespace: true, message: 'กรุณาระบุเหตุผลที่ยืนยันบันทึก' }]}
              >
                <Input.TextArea
                  rows={2}
                  maxLength={500}
                  autoFocus
                  placeholder="เช่น รถจะย้ายไปใช้ที่สาขาอื่นช่วงครบกำหนด จึงต่อภาษีไว้ก่อน"
                  data-testid="expense-override-reason"
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.Item name="detail" label={label('detail')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="files" label="ใบเสร็จ/บิล">
              <Attachments />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

export default ExpenseFormModal;
