/** One employee: the account, the person, the address, the work and pay, the emergency contact. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { AddressFields } from '../../components/AddressFields';
import { applyServerError } from '../../components/formErrors';
import { fullName } from '../../components/fullName';
import { DetailForm, DetailPage, RecordActions, SaveBar } from '../../components/DetailPage';
import { StatusTag } from '../../components/StatusTag';
import { useBanner } from '../../components/useBanner';
import { oneRecordAtATime, useRereadValues } from '../../components/recordForm';
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

/** The page of one employee (or of a new one), mounted afresh for each. */
export default oneRecordAtATime(EmployeeDetail);

function EmployeeDetail() {
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

  const startValues = isNew ? { ...BLANK, branch_id: me?.branch_id } : emp.data && valuesOf(emp.data);
  useRereadValues(form, emp.data, valuesOf);

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
    <DetailPage
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
          <RecordActions
            newTo="/employees/new"
            newLabel="เพิ่มพนักงานใหม่"
            canCreate={can('create', 'User')}
            remove={
              can('delete', 'User') &&
              !isSelf && {
                title: 'ลบพนักงานคนนี้?',
                description: 'บัญชีผู้ใช้จะเข้าสู่ระบบไม่ได้อีก ข้อมูลเดิมยังเก็บไว้ในประวัติ',
                label: 'ลบพนักงาน',
                loading: del.isPending,
                onConfirm: () => del.mutateAsync(),
              }
            }
          />
        )
      }
      banner={banner}
      onBannerClose={() => setBanner(null)}
      loading={(!isNew && emp.isLoading) || options.isLoading}
      skeletonRows={12}
      isNew={isNew}
      record={emp}
    >
      <DetailForm
        form={form}
        initialValues={startValues}
        readOnly={readOnly}
        saving={save.isPending}
        onSave={save.mutate}
        clearBanner={() => setBanner(null)}
      >
        <EmployeeAccountCard isNew={isNew} o={o} />
        <EmployeePersonalCard form={form} o={o} />
        <Card title="ที่อยู่" className="form-section" style={{ marginBottom: 16 }}>
          <AddressFields form={form} />
        </Card>

        <EmployeeWorkCards o={o} />
        {!readOnly && (
          <SaveBar
            saving={save.isPending}
            cancelTo="/employees"
            style={{
              position: 'sticky',
              bottom: 0,
              background: '#f3f6f4',
              padding: '12px 0',
              width: '100%',
              zIndex: 2,
            }}
          >
            {!isNew && <Tag>รหัสพนักงาน {userId}</Tag>}
          </SaveBar>
        )}
      </DetailForm>
    </DetailPage>
  );
}
