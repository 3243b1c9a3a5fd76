/**
 * The detail screen of a simple list (catalog items): a form described by its fields, loading the
 * record in edit mode, create / update / delete with the server's message in the banner.
 * Used by courses, promotions, other fees, expense items, payroll items and evaluation criteria.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { createRecord, deleteRecord, getRecord, updateRecord } from '../api/common';
import { useSession } from '../api/useSession';
import { applyServerError } from './formErrors';
import { MoneyInput, moneyRule } from './MoneyInput';
import { DetailForm, DetailPage, RecordActions, SaveBar } from './DetailPage';
import { ThaiDatePicker } from './ThaiDatePicker';
import { useBanner } from './useBanner';
import { oneRecordAtATime, useRereadValues } from './recordForm';
import { recordKeys, tableKeys } from '../api/queryKeys';

export interface FieldOption {
  label: string;
  value: string | number | boolean;
}

export interface CrudField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'money' | 'int' | 'select' | 'switch' | 'date' | 'readonly';
  required?: boolean;
  options?: FieldOption[];
  rules?: Rule[];
  span?: number;
  help?: ReactNode;
  placeholder?: string;
  /** new records start with this value */
  initial?: unknown;
  /** hidden unless the form's values say so */
  visible?: (values: Record<string, any>) => boolean;
  /** transform before sending (e.g. upper-case a code) */
  normalize?: (v: any) => any;
  /** never sent (display only) */
  display?: boolean;
  /** the unit shown in a money field (default บาท), e.g. % for a percent discount */
  suffix?: (values: Record<string, any>) => ReactNode;
}

export interface CrudDetailProps {
  prefix: string;
  idKey: string;
  subject: string;
  listPath: string;
  noun: string;
  fields: CrudField[];
  sections?: { title: string; fields: string[] }[];
  /** title of an existing record */
  titleOf?: (row: Record<string, any>) => string;
  branched?: boolean;
  branchOptions?: FieldOption[];
  /**
   * Fields a feature renders itself instead of the branch select (e.g. the catalog's school-wide scope and
   * branch prices): its section, how a record fills them, how they go into the body, and when a record is read-only.
   */
  custom?: {
    section: ReactNode;
    blank: Record<string, any>;
    fromRecord: (row: Record<string, any>) => Record<string, any>;
    toBody: (values: Record<string, any>) => Record<string, any>;
    readOnly?: (row: Record<string, any>) => string | null;
  };
}

/** The page of one record (or of a new one), mounted afresh for each. */
export const CrudDetail = oneRecordAtATime(CrudDetailPage);

function CrudDetailPage(p: CrudDetailProps) {
  const { id } = useParams();
  const recordId = id && id !== 'new' ? Number(id) : null;
  const isNew = recordId === null;
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can, user } = useSession();
  const [banner, setBanner] = useBanner(id ?? 'new');
  const record = useQuery({
    queryKey: recordKeys.one(p.prefix, recordId),
    queryFn: () => getRecord(p.prefix, recordId!),
    enabled: !isNew,
  });
  const lockedBy = !isNew && record.data && p.custom?.readOnly ? p.custom.readOnly(record.data) : null;
  const readOnly = (isNew ? !can('create', p.subject) : !can('update', p.subject)) || !!lockedBy;
  const fields =
    p.branched && !p.custom
      ? [
          ...p.fields,
          {
            name: 'branch_id',
            label: 'สาขา',
            kind: 'select',
            options: p.branchOptions ?? [],
            required: true,
          } as CrudField,
        ]
      : p.fields;
  const blank = Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.initial ??
        (f.kind === 'switch' ? false : f.kind === 'select' || f.kind === 'date' || f.kind === 'int' ? undefined : ''),
    ]),
  );

  const valuesOf = (row: Record<string, any>) => ({
    ...Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? blank[f.name]])),
    ...p.custom?.fromRecord(row),
  });
  const startValues = isNew
    ? { ...blank, ...(p.branched ? { branch_id: user?.branch_id } : {}), ...p.custom?.blank }
    : record.data && valuesOf(record.data);
  useRereadValues(form, record.data, valuesOf);

  const save = useMutation({
    mutationFn: (v: Record<string, any>) => {
      const body: Record<string, any> = {};
      for (const f of fields) {
        if (f.display || f.kind === 'readonly') continue;
        if (f.visible && !f.visible(v)) continue;
        let val = v[f.name];
        if (
          val === undefined ||
          val === null ||
          (val === '' && !f.required && f.kind !== 'text' && f.kind !== 'textarea')
        )
          continue;
        if (f.normalize) val = f.normalize(val);
        if (typeof val === 'string' && f.kind !== 'textarea') val = val.trim();
        body[f.name] = val;
      }
      Object.assign(body, p.custom?.toBody(v));
      return isNew ? createRecord(p.prefix, body) : updateRecord(p.prefix, { ...body, [p.idKey]: recordId });
    },
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: tableKeys.of(`/${p.prefix}/gettable`) });
      const b = { status: res.status, message: res.message };
      if (isNew) navigate(`${p.listPath}/${res.data[p.idKey]}`, { replace: true, state: { banner: b } });
      else {
        void qc.invalidateQueries({ queryKey: recordKeys.one(p.prefix, recordId) }); // the page shows what was saved
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
    mutationFn: () => deleteRecord(p.prefix, p.idKey, recordId!),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: tableKeys.of(`/${p.prefix}/gettable`) });
      navigate(p.listPath, { state: { banner: { status: res.status, message: res.message } } });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  const values = Form.useWatch([], form) ?? {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  const sections = p.sections ?? [{ title: `ข้อมูล${p.noun}`, fields: fields.map((f) => f.name) }];
  let first = true;

  const control = (f: CrudField) => {
    const auto = first && f.kind !== 'readonly' ? { autoFocus: true } : {};
    if (f.kind !== 'readonly') first = false;
    switch (f.kind) {
      case 'textarea':
        return <Input.TextArea rows={3} maxLength={1000} {...auto} />;
      case 'money':
        return <MoneyInput {...auto} {...(f.suffix ? { suffix: f.suffix(values) } : {})} />;
      case 'int':
        return <InputNumber min={0} precision={0} style={{ width: '100%' }} {...auto} />;
      case 'select':
        return (
          <Select
            options={f.options?.map((o) => ({ label: o.label, value: o.value as string }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={f.placeholder ?? 'เลือก'}
            {...auto}
          />
        );
      case 'switch':
        return <Switch checkedChildren="ใช่" unCheckedChildren="ไม่" />;
      case 'date':
        return <ThaiDatePicker style={{ width: '100%' }} {...auto} />;
      case 'readonly':
        return <Input disabled />;
      default:
        return <Input maxLength={300} placeholder={f.placeholder} {...auto} />;
    }
  };

  return (
    <DetailPage
      title={isNew ? `เพิ่ม${p.noun}` : record.data ? (p.titleOf?.(record.data) ?? `${p.noun}`) : p.noun}
      subtitle={isNew ? 'กรอกข้อมูลแล้วกด Enter เพื่อไปช่องถัดไป หรือกดปุ่มบันทึก' : undefined}
      back={p.listPath}
      extra={
        !isNew && (
          <RecordActions
            newTo={`${p.listPath}/new`}
            newLabel="เพิ่มใหม่"
            canCreate={can('create', p.subject)}
            remove={
              can('delete', p.subject) && {
                title: `ลบ${p.noun}นี้?`,
                label: 'ลบ',
                loading: del.isPending,
                onConfirm: () => del.mutateAsync(),
              }
            }
          />
        )
      }
      banner={banner}
      onBannerClose={() => setBanner(null)}
      notice={
        lockedBy && <Alert type="info" showIcon title={lockedBy} style={{ marginBottom: 16 }} data-testid="locked-by" />
      }
      isNew={isNew}
      record={record}
      skeletonRows={6}
    >
      <DetailForm
        form={form}
        initialValues={startValues}
        readOnly={readOnly}
        saving={save.isPending}
        onSave={save.mutate}
        clearBanner={() => setBanner(null)}
      >
        {sections.map((s) => (
          <Card key={s.title} title={s.title} className="form-section" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {s.fields
                .map((n) => byName.get(n))
                .filter((f): f is CrudField => !!f && (!f.visible || f.visible(values)))
                .map((f) => (
                  <Col key={f.name} xs={24} md={f.span ?? 12}>
                    <Form.Item
                      name={f.name}
                      label={f.label}
                      help={f.help}
                      valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
                      rules={[
                        ...(f.required
                          ? [
                              f.kind === 'money'
                                ? moneyRule(f.label, true)
                                : { required: true, message: `กรุณากรอก${f.label}` },
                            ]
                          : f.kind === 'money'
                            ? [moneyRule(f.label)]
                            : []),
                        ...(f.rules ?? []),
                      ]}
                    >
                      {control(f)}
                    </Form.Item>
                  </Col>
                ))}
            </Row>
          </Card>
        ))}
        {p.custom?.section}
        {!readOnly && <SaveBar saving={save.isPending} cancelTo={p.listPath} />}
      </DetailForm>
    </DetailPage>
  );
}
