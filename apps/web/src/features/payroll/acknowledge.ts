/**
 * Deductions over the Labour Protection Act s.76 limits: the server refuses a save or a submit (409, the field
 * acknowledge_deductions in details, the people named) until the manager acknowledges them; the page asks and sends
 * the same request again with acknowledge_deductions.
 */
import type { HookAPI } from 'antd/es/modal/useModal';
import { ApiError } from '../../api/client';

/** The refusal's Thai message when it is one the manager may acknowledge, else null. */
export function deductionsToAcknowledge(e: unknown): string | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const details = (e.body as { details?: { field: string; message: string }[] } | undefined)?.details;
  return details?.find((x) => x.field === 'acknowledge_deductions')?.message ?? null;
}

/** Asks the manager to acknowledge; `again` repeats the request with the acknowledgement. Other errors go to `fail`. */
export function askAcknowledge(modal: HookAPI, e: unknown, again: () => void, fail: (e: unknown) => void) {
  const message = deductionsToAcknowledge(e);
  if (!message) return fail(e);
  void modal.confirm({
    title: 'รายการหักเงินเกินที่ พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 กำหนด',
    content: message,
    okText: 'รับทราบ (มีหนังสือยินยอมของลูกจ้าง)',
    cancelText: 'กลับไปแก้ไข',
    width: 560,
    onOk: again,
  });
}
