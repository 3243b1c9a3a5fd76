import { Tag } from 'antd';
import { th } from '../i18n/th';

const COLORS: Record<string, string> = {
  active: 'green',
  inactive: 'default',
  deleted: 'red',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  paid: 'green',
  unpaid: 'orange',
};

export interface StatusTagProps {
  /** Status value from the API ('active', 'inactive', 'deleted', …). */
  value: string | null | undefined;
  /** Label override; defaults to th.status[value] or the value itself. */
  label?: string;
  /** Colour override (antd Tag color). */
  color?: string;
}

export function StatusTag({ value, label, color }: StatusTagProps) {
  if (!value) return <Tag>-</Tag>;
  return (
    <Tag color={color ?? COLORS[value] ?? 'blue'} style={{ marginInlineEnd: 0 }}>
      {label ?? th.status[value] ?? value}
    </Tag>
  );
}
