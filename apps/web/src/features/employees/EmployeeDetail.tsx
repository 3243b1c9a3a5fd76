/** One employee: the account, the person, the address, the work and pay, the emergency contact. */
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { AddressFields } from '../../components/AddressFields';
import { enterToNextProps } from '../../components/enterToNext';
import { applyServerError, focusFirstError } from '../../components/formErrors';
import { fullName } from '../../components/fullName';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner } from '../../components/ResultBanner';
import { StatusTag } from '../../components/StatusTag';
import { useBanner } from '../../components/useBanner';
import { branchKeys } from '../branches/queries';
import { EmployeeAccountCard } from './EmployeeAccountCard';
import { BLANK, bodyOf, valuesOf, type FormValues } from './employeeForm';
import { EmployeePersonalCard } from './EmployeePersonalCard';
import { EmployeeWorkCards } from './EmployeeWorkCards';
import {
  deleteEmployee,
  employeeKeys,
  registerEmployee,
  updateEmployee,
  useEmployee,
  useRegisterOptions,
} from './queries';

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
  const readOnly = isNew ? !can('create', 'User') : !can('update', 'User');

  useEffect(() => {
    if (isNew) {
      form.resetFields();
      form.setFieldsValue({ ...BLANK, branch_id: me?.branch_id });
    } else if (emp.data) {
      form.setFieldsValue(valuesOf(emp.data));
    }
  }, [isNew, emp.data, form, me?.branch_id]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = bodyOf(v);
      return isNew ? registerEmployee(body) : updateEmployee({ ...body, user_id: userId! });
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
    mutationFn: () => deleteEmployee(userId!),
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
          <EmployeeAccountCard isNew={isNew} o={o} />
          <EmployeePersonalCard form={form} o={o} />
          <Card title="ที่อยู่" className="form-section" style={{ marginBottom: 16 }}>
            <AddressFields form={form} />
          </Card>

          <EmployeeWorkCards o={o} />
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
