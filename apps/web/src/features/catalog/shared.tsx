import { Tag } from 'antd';
import { useBranchOptions } from '../branches/queries';
import type { FieldOption } from '../../components/CrudDetail';

export const ACTIVE_OPTIONS: FieldOption[] = [
  { label: 'เปิดใช้งาน', value: true },
  { label: 'ปิดใช้งาน', value: false },
];

export function ActiveTag({ value }: { value: boolean }) {
  return value ? <Tag color="green">เปิดใช้งาน</Tag> : <Tag>ปิดใช้งาน</Tag>;
}

export function useBranchFieldOptions(): FieldOption[] {
  const b = useBranchOptions();
  return (b.data ?? []).map((x) => ({ label: x.name, value: x.branch_id }));
}

export interface Opt {
  name: string;
  value: string | number | boolean;
}
export const toField = (o: Opt[] | undefined): FieldOption[] =>
  (o ?? []).map((x) => ({ label: x.name, value: x.value }));
