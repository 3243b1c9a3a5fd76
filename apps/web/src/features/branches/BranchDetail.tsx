import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Form, Input, Row, Select, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { AddressFields } from '../../components/AddressFields';
import { applyServerError } from '../../components/formErrors';
import { DetailForm, DetailPage, RecordActions, SaveBar } from '../../components/DetailPage';
import { useBanner } from '../../components/useBanner';
import { oneRecordAtATime, useRereadValues } from '../../components/recordForm';
import { label } from '../../i18n/th';
import type { BranchUpdateBody } from '@khabkhi/contracts';
import { branchKeys, createBranch, deleteBranch, updateBranch, useBranch, useBranchOptions } from './queries';
import { phoneItemProps } from '../../components/phoneField';

/** The form edits the update body of the contract (every field shown, so none is optional here). */
type FormValues = Required<Omit<BranchUpdateBody, 'branch_id'>>;

const BLANK: FormValues = {
  parent_id: null,
  code: '',
  name: '',
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
  line: '',
  tax_branch_no: '',
  sso_branch_no: '',
};

/** The page of one branch (or of a new one), mounted afresh for each. */
export default oneRecordAtATime(BranchDetail);

function BranchDetail() {
  const { id } = useParams();
  const branchId = id ? Number(id) : null;
  const isNew = !branchId;
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useSession();
  const [banner, setBanner] = useBanner(id ?? 'new');
  const branch = useBranch(branchId);
  const options = useBranchOptions();
  const deleted = !!branch.data?.is_delete;
  const readOnly = deleted || (isNew ? !can('create', 'Branch') : !can('update', 'Branch'));

  const valuesOf = (d: NonNullable<typeof branch.data>) =>
    Object.fromEntries(
      Object.keys(BLANK).map((k) => [
        k,
        (d as unknown as Record<string, unknown>)[k] ?? (k === 'parent_id' ? null : ''),
      ]),
    ) as FormValues;
  const startValues = isNew ? BLANK : branch.data && valuesOf(branch.data);
  useRereadValues(form, branch.data, valuesOf);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        ...BLANK,
        ...v,
        code: v.code.trim().toUpperCase(),
        name: v.name.trim(),
        parent_id: v.parent_id ?? null,
      };
      return isNew ? createBranch(body) : updateBranch({ ...body, branch_id: branchId! });
    },
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: branchKeys.table });
      void qc.invalidateQueries({ queryKey: branchKeys.options });
      const b = { status: res.status, message: res.message };
      if (isNew) navigate(`/branches/${res.data.branch_id}`, { replace: true, state: { banner: b } });
      else {
        qc.setQueryData(branchKeys.one(branchId), { ...branch.data, ...res.data });
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
    mutationFn: () => deleteBranch(branchId!),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: branchKeys.table });
      void qc.invalidateQueries({ queryKey: branchKeys.options });
      void qc.invalidateQueries({ queryKey: branchKeys.one(branchId) });
      setBanner({ status: res.status, message: res.message });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  const parentOptions = (options.data ?? [])
    .filter((b) => b.branch_id !== branchId)
    .map((b) => ({ value: b.branch_id, label: `${b.code} · ${b.name}` }));
  const title = isNew ? 'เพิ่มสาขา' : branch.data ? `สาขา ${branch.data.name}` : 'ข้อมูลสาขา';

  return (
    <DetailPage
      title={
        <>
          {title} {deleted && <Tag color="red">ปิดแล้ว</Tag>}
          {branch.data?.is_head_office && <Tag color="gold">สำนักงานใหญ่</Tag>}
        </>
      }
      subtitle={
        !isNew && branch.data
          ? `รหัส ${branch.data.code} · พนักงาน ${branch.data.employees ?? 0} คน`
          : 'ช่องที่มีเครื่องหมาย * ต้องกรอก · กด Enter เพื่อไปช่องถัดไป'
      }
      back="/branches"
      extra={
        !isNew && (
          <RecordActions
            newTo="/branches/new"
            newLabel="เพิ่มสาขาใหม่"
            canCreate={can('create', 'Branch')}
            remove={
              can('delete', 'Branch') &&
              !deleted && {
                title: 'ลบสาขานี้?',
                description: 'สาขาที่ยังมีพนักงานทำงานอยู่จะลบไม่ได้',
                label: 'ลบสาขา',
                loading: del.isPending,
                onConfirm: () => del.mutateAsync(),
              }
            }
          />
        )
      }
      banner={banner}
      onBannerClose={() => setBanner(null)}
      isNew={isNew}
      record={branch}
      skeletonRows={8}
    >
      <DetailForm
        form={form}
        initialValues={startValues}
        readOnly={readOnly}
        saving={save.isPending}
        onSave={save.mutate}
        clearBanner={() => setBanner(null)}
        scrollToFirstError
      >
        <Card title="ข้อมูลสาขา" className="form-section" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item
                name="code"
                label={label('code')}
                normalize={(v: string) => v?.toUpperCase()}
                rules={[
                  { required: true, message: 'กรุณากรอกรหัสสาขา' },
                  { pattern: /^[A-Z0-9]{2,10}$/, message: 'รหัสสาขาเป็นอักษรอังกฤษตัวใหญ่หรือตัวเลข 2–10 ตัว เช่น BKK01' },
                ]}
              >
                <Input autoFocus maxLength={10} placeholder="เช่น BKK01" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name="name"
                label="ชื่อสาขา"
                rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อสาขา' }]}
              >
                <Input maxLength={150} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="parent_id" label={label('parent_id')}>
                <Select
                  allowClear
                  placeholder="ไม่มี (สาขาหลัก)"
                  options={parentOptions}
                  loading={options.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="tax_branch_no"
                label={label('tax_branch_no')}
                tooltip="เลข 5 หลักบนใบกำกับภาษี สำนักงานใหญ่ใช้ 00000"
                rules={[{ pattern: /^(\d{5})?$/, message: 'เลขที่สาขาต้องเป็นตัวเลข 5 หลัก เช่น 00001' }]}
              >
                <Input maxLength={5} inputMode="numeric" placeholder="00001" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="sso_branch_no"
                label={label('sso_branch_no')}
                tooltip="เลข 6 หลักที่สำนักงานประกันสังคมให้ไว้ ใช้ในไฟล์ สปส.1-10 สำนักงานใหญ่ใช้ 000000"
                rules={[
                  {
                    pattern: /^(\d{6})?$/,
                    message: 'เลขที่สาขา (ประกันสังคม) ต้องเป็นตัวเลข 6 หลัก สำนักงานใหญ่ใช้ 000000',
                  },
                ]}
              >
                <Input maxLength={6} inputMode="numeric" placeholder="000001" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="phone_1" label={label('phone_1')} {...phoneItemProps}>
                <Input maxLength={20} inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="phone_2" label={label('phone_2')} {...phoneItemProps}>
                <Input maxLength={20} inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="line" label={label('line')}>
                <Input maxLength={100} placeholder="@ไลน์ไอดี" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="ที่อยู่สาขา" className="form-section" style={{ marginBottom: 16 }}>
          <AddressFields form={form} />
        </Card>
        {!readOnly && <SaveBar saving={save.isPending} cancelTo="/branches" />}
      </DetailForm>
    </DetailPage>
  );
}
