/**
 * The shell of one record's page (branch, employee, vehicle, and the catalog items through CrudDetail): the header
 * with its actions, the result banner, a skeleton while the record is read, its error when it cannot be read, and
 * then the page itself. DetailForm is their form (one setup: vertical, locked while read-only or saving, Enter to the
 * next field, the first error focused); DeleteButton, NewRecordButton and SaveBar are the actions these pages share.
 */
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, Popconfirm, Skeleton, Space, type FormInstance, type FormProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import { PageHeader } from './PageHeader';
import { ResultBanner, type BannerState } from './ResultBanner';
import { enterToNextProps } from './enterToNext';
import { focusFirstError } from './formErrors';

export interface DetailPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** the list the back arrow returns to */
  back: string;
  extra?: ReactNode;
  banner: BannerState | null;
  onBannerClose: () => void;
  /** the page of a new record: nothing is read */
  isNew?: boolean;
  /** the record's read (a query): its loading, failure and error, unless given below */
  record?: { isLoading: boolean; isError: boolean; error: unknown };
  /** the record is being read: a skeleton (of `skeletonRows` lines) instead of the page */
  loading?: boolean;
  skeletonRows?: number;
  /** the record could not be read: `error`'s message instead of the page */
  failed?: boolean;
  error?: unknown;
  /** shown under the banner whatever the state (e.g. why the record is read-only) */
  notice?: ReactNode;
  /** after the page whatever the state (e.g. a dialog of the page) */
  after?: ReactNode;
  children: ReactNode;
}

export function DetailPage(p: DetailPageProps) {
  const read = !p.isNew && p.record;
  const loading = p.loading ?? (read ? read.isLoading : false);
  const failed = p.failed ?? (read ? read.isError : false);
  const error = p.error ?? (read ? read.error : undefined);
  return (
    <div>
      <PageHeader title={p.title} subtitle={p.subtitle} back={p.back} extra={p.extra} />
      <ResultBanner result={p.banner} onClose={p.onBannerClose} />
      {p.notice}
      {loading ? (
        <Card>
          <Skeleton active {...(p.skeletonRows ? { paragraph: { rows: p.skeletonRows } } : {})} />
        </Card>
      ) : failed ? (
        <ResultBanner result={{ status: 'error', message: errorMessage(error) }} />
      ) : (
        p.children
      )}
      {p.after}
    </div>
  );
}

export type DetailFormProps<T> = Omit<
  FormProps<T>,
  'form' | 'layout' | 'disabled' | 'onFinish' | 'onFinishFailed' | 'children'
> & {
  form: FormInstance<T>;
  children: ReactNode;
  /** the user may not change the record (no ability, or the record is locked) */
  readOnly: boolean;
  /** a save is under way: the form is locked until it answers */
  saving: boolean;
  /** the page's banner is cleared, then the checked values are saved */
  onSave: (values: T) => void;
  clearBanner: () => void;
};

/** A record page's form: the one setup of the branch, employee, vehicle and catalog item pages. */
export function DetailForm<T>({ form, readOnly, saving, onSave, clearBanner, children, ...rest }: DetailFormProps<T>) {
  return (
    <Form<T>
      form={form}
      layout="vertical"
      disabled={readOnly || saving}
      onFinish={(v) => {
        clearBanner();
        onSave(v);
      }}
      onFinishFailed={({ errorFields }) => focusFirstError(form as FormInstance, errorFields)}
      {...enterToNextProps}
      {...rest}
    >
      {children}
    </Form>
  );
}

/** The header's delete, confirmed first; a refused delete is shown by the page's own onError. */
export function DeleteButton({
  title,
  description,
  label,
  loading,
  onConfirm,
}: {
  title: string;
  description?: string;
  label: string;
  loading?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="ลบ"
      cancelText="ยกเลิก"
      okButtonProps={{ danger: true, loading }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button danger icon={<DeleteOutlined />}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The header's actions of a saved record: "add another" (when the user may create) and the confirmed delete. */
export function RecordActions({
  newTo,
  newLabel,
  canCreate,
  remove,
}: {
  newTo: string;
  newLabel: string;
  canCreate: boolean;
  /** false: the user may not delete this record */
  remove: Parameters<typeof DeleteButton>[0] | false;
}) {
  return (
    <>
      {canCreate && <NewRecordButton to={newTo} label={newLabel} />}
      {remove && <DeleteButton {...remove} />}
    </>
  );
}

/** The header's "add another" button: the list's new-record page. */
export function NewRecordButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button icon={<PlusOutlined />} onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}

/** The form's save and cancel (back to the list); `children` follow them (e.g. the record's number). */
export function SaveBar({
  saving,
  cancelTo,
  style,
  children,
}: {
  saving: boolean;
  cancelTo: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Space style={style}>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} size="large">
        บันทึก
      </Button>
      <Button size="large" onClick={() => navigate(cancelTo)}>
        ยกเลิก
      </Button>
      {children}
    </Space>
  );
}
