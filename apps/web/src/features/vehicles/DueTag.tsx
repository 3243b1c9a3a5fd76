import { Tag } from 'antd';
import { thaiDate } from '../../components/ThaiDate';

/** A due date with how far away it is: red overdue, orange within the reminder window, green otherwise. */
export function DueTag({ due, days, state }: { due: string | null; days: number | null; state?: string }) {
  if (!due || days === null) return <span className="kk-muted">-</span>;
  const s = state ?? (days < 0 ? 'overdue' : days <= 30 ? 'soon' : 'ok');
  const color = s === 'overdue' ? 'red' : s === 'soon' ? 'orange' : 'green';
  const text = days < 0 ? `เลยกำหนด ${-days} วัน` : days === 0 ? 'ครบกำหนดวันนี้' : `อีก ${days} วัน`;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {thaiDate(due)} <Tag color={color}>{text}</Tag>
    </span>
  );
}
