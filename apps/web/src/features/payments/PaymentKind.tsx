/** What a money entry is, as the payment lists show it: รับชำระ/คืนเงิน, the pay type with a transfer's details, ยกเลิก or รออนุมัติยกเลิก. */
import { Tag, Typography } from 'antd';
import { ThaiDate } from '../../components/ThaiDate';

export const PENDING_VOID = 'รออนุมัติยกเลิก';

export interface EntryLike {
  kind: 'payment' | 'refund';
  pay_type: string;
  pay_type_name: string;
  is_void: boolean;
  pending_void?: boolean;
  transfer_bank?: string;
  transfer_at?: string | null;
  transfer_ref?: string;
}

/** show: 'all' (default), 'kind' (the tags only) or 'paytype' (the pay type and a transfer's details) for lists with a column each. */
export function PaymentKind({ p, show = 'all' }: { p: EntryLike; show?: 'all' | 'kind' | 'paytype' }) {
  const transfer = p.pay_type === 'transfer' && (p.transfer_bank || p.transfer_at || p.transfer_ref);
  return (
    <>
      {show !== 'paytype' && (p.kind === 'refund' ? <Tag color="purple">คืนเงิน</Tag> : <Tag color="green">รับชำระ</Tag>)}
      {show !== 'kind' && p.pay_type_name}
      {show !== 'paytype' && p.is_void && (
        <Tag color="red" style={{ marginLeft: 4 }}>
          ยกเลิก
        </Tag>
      )}
      {show !== 'paytype' && !p.is_void && p.pending_void && (
        <Tag color="gold" style={{ marginLeft: 4 }} data-testid="pending-void">
          {PENDING_VOID}
        </Tag>
      )}
      {show !== 'kind' && transfer && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="transfer-detail">
          {[p.transfer_bank && `ธ.${p.transfer_bank}`, p.transfer_ref && `อ้างอิง ${p.transfer_ref}`]
            .filter(Boolean)
            .join(' · ')}
          {p.transfer_at && (
            <>
              {' '}
              · โอน <ThaiDate value={p.transfer_at} variant="datetime" />
            </>
          )}
        </Typography.Text>
      )}
    </>
  );
}
