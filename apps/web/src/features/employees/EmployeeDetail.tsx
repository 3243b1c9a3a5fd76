import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Popconfirm,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
} from 'antd';
import { isValidThaiNationalId, normalizeNationalId } from '@khabkhi/thai';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { RegisterBody } from '@khabkhi/contracts';
import { api, errorMessage } from '../../api/client';
import { fullName } from '../../components/fullName';
import { useSession } from '../../api/useSession';
import { AddressFields } from '../../components/AddressFields';
import { enterToNextProps } from '../../components/enterToNext';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { PageHeader } from '../../components/PageHeader';
import { PhotoField } from '../../components/PhotoField';
import { ResultBanner } from '../../components/ResultBanner';
import { StatusTag } from '../../components/StatusTag';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { useBanner } from '../../components/useBanner';
import { label } from '../../i18n/th';
import { useEmployee, useRegisterOptions, type Employee, employeeKeys } from './queries';
import { branchKeys } from '../branches/queries';
import { phoneItemProps } from '../../components/phoneField';

/** The form edits the register/update body of the contract (every field shown). */
type FormValues = Omit<Required<RegisterBody>, 'role_id' | 'branch_id' | 'password'> & {
  role_id: number | undefined;
  branch_id: number | undefined;
  password?: string;
  password_confirm?: string;
};

const BLANK: FormValues = {
  username: '',
  password: '',
  password_confirm: '',
  role_id: undefined,
  branch_id: undefined,
  status: 'active',
  is_foreigner: false,
  idcard: '',
  prefix: '',
  fname: '',
  sname: '',
  prefix_en: '',
  fname_en: '',
  sname_en: '',
  nickname: '',
  birthday: null,
  address: '',
  moo: '',
  soi: '',
  street: '',
  subdistrict: '',
  district: '',
  province: '',
  postcode: '',
  phone_1: '',
  phone_2: '',
  email: '',
  start_date: null,
  department: '',
  position: '',
  bank: '',
  bank_acc: '',
  bank_acc_type: 'savings',
  branch_branch: '',
  emergency_name: '',
  emergency_phone: '',
  emergency_relation: '',
  photo: null,
  employee_type: 'monthly',
  salary: '0',
  extra_salary: '0',
  salary_pay_type: 'transfer',
  sso_salary: '0',
  day_off: [],
  is_salary_daily: false,
};
const API_KEYS = Object.keys(BLANK).filter((k) => k !== 'password' && k !== 'password_confirm') as (keyof FormValues)[];

const opts = (o: { name: string; value: string | number | boolean }[] | undefined) =>
  (o ?? []).map((x) => ({ label: x.name, value: x.value }));

export default function EmployeeDetail() {
  const { id } = useParams();
  const userId = id ? Number(id) : null;
  const isNew = !userId;
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can, user: me } = useSession();
  const [banner, setBanner] = useBanner(id ?? 'new');
  const emp = useEmployee(userId);
  const options = useRegisterOptions();
  const isForeigner = Form.useWatch('is_foreigner', form);
  const readOnly = isNew ? !can('create', 'User') : !can('update', 'User');

  useEffect(() => {
    if (isNew) {
      form.resetFields();
      form.setFieldsValue({ ...BLANK, branch_id: me?.branch_id });
    } else if (emp.data) {
      const d = emp.data as unknown as Record<string, unknown>;
      const v = Object.fromEntries(
        API_KEYS.map((k) => {
          const b = BLANK[k];
          const x = d[k];
          return [k, x === null || x === undefined ? (b ?? null) : x];
        }),
      );
      form.setFieldsValue({ ...(v as FormValues), password: '', password_confirm: '' });
    }
  }, [isNew, emp.data, form, me?.branch_id]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body: Record<string, unknown> = {};
      for (const k of API_KEYS) body[k] = v[k] ?? BLANK[k];
      body.idcard = normalizeNationalId(String(v.idcard ?? ''));
      body.username = String(v.username).trim();
      body.fname = String(v.fname).trim();
      if (v.password) body.password = v.password;
      if (isNew) return api.post<Employee>('/user/register', body);
      return api.put<Employee>('/user/update', { ...body, user_id: userId });
    },
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: employeeKeys.table });
      void qc.invalidateQueries({ queryKey: branchKeys.table });
      const b = { status: res.status, message: res.message };
      if (isNew) navigate(`/employees/${res.data.user_id}`, { replace: true, state: { banner: b } });
      else {
        void qc.invalidateQueries({ queryKey: employeeKeys.one(userId) });
        form.setFieldsValue({ password: '', password_confirm: '' });
        setBanner(b);
      }
    },
    onError: (e) => {
      const msg = errorMessage(e);
      setBanner({ status: 'error', message: msg });
      applyServerError(form, e);
    },
  });

  const del = useMutation({
    mutationFn: () => api.del<null>('/user/delete', { user_id: userId }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: employeeKeys.table });
      void qc.invalidateQueries({ queryKey: branchKeys.table });
      navigate('/employees', { replace: true, state: { banner: { status: res.status, message: res.message } } });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  const o = options.data;
  const title = isNew ? 'เพิ่มพนักงาน' : emp.data ? fullName(emp.data) : 'ข้อมูลพนักงาน';
  const isSelf = !isNew && me?.user_id === userId;

  return (
    <div>
      <PageHeader
        title={
          <>
            {title} {emp.data && <StatusTag value={emp.data.status} />}
          </>
        }
        subtitle={
          !isNew && emp.data
            ? `${emp.data.role_name ?? ''} · ${emp.data.branch_name ?? ''} · ชื่อผู้ใช้ ${emp.data.username}`
            : 'ช่องที่มีเครื่องหมาย * ต้องกรอก · กด Enter เพื่อไปช่องถัดไป'
        }
        back="/employees"
        extra={
          !isNew && (
            <>
              {can('create', 'User') && (
                <Button icon={<PlusOutlined />} onClick={() => navigate('/employees/new')}>
                  เพิ่มพนักงานใหม่
                </Button>
              )}
              {can('delete', 'User') && !isSelf && (
                <Popconfirm
                  title="ลบพนักงานคนนี้?"
                  description="บัญชีผู้ใช้จะเข้าสู่ระบบไม่ได้อีก ข้อมูลเดิมยังเก็บไว้ในประวัติ"
                  okText="ลบ"
                  cancelText="ยกเลิก"
                  okButtonProps={{ danger: true, loading: del.isPending }}
                  onConfirm={() => del.mutateAsync().catch(() => undefined)}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    ลบพนักงาน
                  </Button>
                </Popconfirm>
              )}
            </>
          )
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {(!isNew && emp.isLoading) || options.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      ) : !isNew && emp.isError ? (
        <ResultBanner result={{ status: 'error', message: errorMessage(emp.error) }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={BLANK}
          disabled={readOnly || save.isPending}
          onFinish={(v) => {
            setBanner(null);
            save.mutate(v);
          }}
          onFinishFailed={({ errorFields }) => focusFirstError(form, errorFields)}
          {...enterToNextProps}
        >
          <Card title="บัญชีผู้ใช้" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={24}>
              <Col xs={24} lg={8}>
                <Form.Item name="photo" label={label('photo')}>
                  <PhotoField />
                </Form.Item>
              </Col>
              <Col xs={24} lg={16}>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="username"
                      label={label('username')}
                      extra="อักษรอังกฤษ ตัวเลข . _ - 3–50 ตัว"
                      rules={[
                        { required: true, message: 'กรุณากรอกชื่อผู้ใช้' },
                        {
                          pattern: /^[A-Za-z0-9._-]{3,50}$/,
                          message: 'ชื่อผู้ใช้ใช้ได้เฉพาะอักษรอังกฤษ ตัวเลข . _ - ความยาว 3–50 ตัว',
                        },
                      ]}
                    >
                      <Input autoFocus autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="status" label={label('status')}>
                      <Radio.Group options={opts(o?.status)} optionType="button" buttonStyle="solid" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="password"
                      label={isNew ? label('password') : 'ตั้งรหัสผ่านใหม่'}
                      extra={isNew ? 'อย่างน้อย 8 ตัวอักษร' : 'เว้นว่างไว้หากไม่ต้องการเปลี่ยนรหัสผ่าน'}
                      rules={[
                        { required: isNew, message: 'กรุณากำหนดรหัสผ่าน' },
                        { min: 8, message: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร' },
                      ]}
                    >
                      <Input.Password autoComplete="new-password" maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="password_confirm"
                      label="ยืนยันรหัสผ่าน"
                      dependencies={['password']}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: (_, v) =>
                            (getFieldValue('password') || '') === (v || '')
                              ? Promise.resolve()
                              : Promise.reject(new Error('รหัสผ่านทั้งสองช่องไม่ตรงกัน')),
                        }),
                      ]}
                    >
                      <Input.Password autoComplete="new-password" maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="role_id"
                      label={label('role_id')}
                      rules={[{ required: true, message: 'กรุณาเลือกบทบาท' }]}
                    >
                      <Select
                        options={(o?.role ?? []).map((r) => ({ label: r.name, value: r.role_id }))}
                        placeholder="เลือกบทบาท"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="branch_id"
                      label={label('branch_id')}
                      rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}
                    >
                      <Select
                        options={(o?.branch ?? []).map((b) => ({ label: b.name, value: b.branch_id }))}
                        placeholder="เลือกสาขา"
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Col>
            </Row>
          </Card>

          <Card title="ข้อมูลส่วนตัว" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item name="is_foreigner" label={label('is_foreigner')} valuePropName="checked">
                  <Switch
                    checkedChildren="ต่างชาติ"
                    unCheckedChildren="คนไทย"
                    onChange={() => void form.validateFields(['idcard']).catch(() => undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <Form.Item
                  name="idcard"
                  label={isForeigner ? 'เลขหนังสือเดินทาง / เลขประจำตัว' : label('idcard')}
                  rules={[
                    {
                      validator: (_, v: string) => {
                        if (!v || isForeigner) return Promise.resolve();
                        return isValidThaiNationalId(normalizeNationalId(v))
                          ? Promise.resolve()
                          : Promise.reject(
                              new Error('เลขบัตรประชาชนไม่ถูกต้อง (ต้องเป็นตัวเลข 13 หลักและหลักสุดท้ายตรงตามสูตรตรวจสอบ)'),
                            );
                      },
                    },
                  ]}
                >
                  <Input
                    maxLength={20}
                    inputMode={isForeigner ? 'text' : 'numeric'}
                    placeholder={isForeigner ? '' : 'x-xxxx-xxxxx-xx-x'}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="birthday" label={label('birthday')}>
                  <ThaiDatePicker />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name="prefix" label={label('prefix')}>
                  <AutoComplete options={opts(o?.prefix).map((x) => ({ value: String(x.value) }))} maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item
                  name="fname"
                  label={label('fname')}
                  rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อ' }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="sname" label={label('sname')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="nickname" label={label('nickname')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name="prefix_en" label={label('prefix_en')}>
                  <AutoComplete options={['Mr.', 'Mrs.', 'Miss', 'Ms.'].map((value) => ({ value }))} maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="fname_en" label={label('fname_en')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="sname_en" label={label('sname_en')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6} />
              <Col xs={24} md={8}>
                <Form.Item name="phone_1" label={label('phone_1')} {...phoneItemProps}>
                  <Input maxLength={20} inputMode="tel" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="phone_2" label={label('phone_2')} {...phoneItemProps}>
                  <Input maxLength={20} inputMode="tel" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="email" label={label('email')} rules={[{ type: 'email', message: 'รูปแบบอีเมลไม่ถูกต้อง' }]}>
                  <Input maxLength={200} inputMode="email" />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title="ที่อยู่" className="form-section" style={{ marginBottom: 16 }}>
            <AddressFields form={form} />
          </Card>

          <Card title="การทำงาน" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="start_date" label={label('start_date')}>
                  <ThaiDatePicker />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="department" label={label('department')}>
                  <AutoComplete
                    options={opts(o?.department).map((x) => ({ value: String(x.value) }))}
                    maxLength={100}
                    filterOption
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="position" label={label('position')}>
                  <AutoComplete
                    options={opts(o?.position).map((x) => ({ value: String(x.value) }))}
                    maxLength={100}
                    filterOption
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="employee_type" label={label('employee_type')}>
                  <Radio.Group options={opts(o?.pay_type)} optionType="button" buttonStyle="solid" />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="day_off" label={label('day_off')}>
                  <Checkbox.Group
                    options={opts(o?.weekdays).map((x) => ({ label: x.label, value: String(x.value) }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title="เงินเดือนและธนาคาร" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="salary" label={label('salary')} rules={[moneyRule(label('salary'))]}>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="extra_salary" label={label('extra_salary')} rules={[moneyRule(label('extra_salary'))]}>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="sso_salary" label={label('sso_salary')} rules={[moneyRule(label('sso_salary'))]}>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="salary_pay_type" label={label('salary_pay_type')}>
                  <Radio.Group options={opts(o?.salary_pay_type)} optionType="button" buttonStyle="solid" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="is_salary_daily" label={label('is_salary_daily')} valuePropName="checked">
                  <Switch checkedChildren="รายวัน" unCheckedChildren="ไม่ใช่" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8} />
              <Col xs={24} md={8}>
                <Form.Item name="bank" label={label('bank')}>
                  <Select
                    allowClear
                    options={opts(o?.bank)}
                    placeholder="เลือกธนาคาร"
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="bank_acc"
                  label={label('bank_acc')}
                  rules={[{ pattern: /^[0-9-]{0,20}$/, message: 'เลขบัญชีใช้ได้เฉพาะตัวเลขและ - ไม่เกิน 20 ตัว' }]}
                >
                  <Input maxLength={20} inputMode="numeric" />
                </Form.Item>
              </Col>
              <Col xs={24} md={5}>
                <Form.Item name="bank_acc_type" label={label('bank_acc_type')}>
                  <Select options={opts(o?.bank_acc_type)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={5}>
                <Form.Item name="branch_branch" label={label('branch_branch')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title="ผู้ติดต่อฉุกเฉิน" className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item name="emergency_name" label={label('emergency_name')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="emergency_phone" label={label('emergency_phone')} {...phoneItemProps}>
                  <Input maxLength={20} inputMode="tel" />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="emergency_relation" label={label('emergency_relation')}>
                  <Input maxLength={50} placeholder="เช่น บิดา มารดา คู่สมรส" />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          {!readOnly && (
            <Space
              style={{
                position: 'sticky',
                bottom: 0,
                background: '#f3f6f4',
                padding: '12px 0',
                width: '100%',
                zIndex: 2,
              }}
            >
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} size="large">
                บันทึก
              </Button>
              <Button size="large" onClick={() => navigate('/employees')}>
                ยกเลิก
              </Button>
              {!isNew && <Tag>รหัสพนักงาน {userId}</Tag>}
            </Space>
          )}
        </Form>
      )}
    </div>
  );
}
