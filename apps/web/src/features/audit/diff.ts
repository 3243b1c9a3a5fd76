/**
 * An audit row's before and after as a person reads them: the fields that changed, each with its Thai name and
 * its old and new value in Thai (dates in พ.ศ., yes/no, money with separators). Nested records (a payment and its
 * application's totals) are named by their parts: "ใบสมัคร › ยอดคงเหลือ".
 */
import { formatBaht, formatPhone, formatThaiDate, formatThaiDateTime, isMoneyString } from '@khabkhi/thai';
import { label } from '../../i18n/th';

/** Names the shared field labels lack, for what the audit log records. */
const MORE: Record<string, string> = {
  application: 'ใบสมัคร',
  application_code: 'เลขที่ใบสมัคร',
  payment_code: 'เลขที่ใบเสร็จ',
  payment_id: 'รายการชำระ',
  amount: 'จำนวนเงิน',
  kind: 'ชนิด',
  total: 'ยอดรวม',
  net: 'ยอดสุทธิ',
  balance: 'ยอดคงเหลือ',
  refunded: 'คืนเงินแล้ว',
  paid_cash: 'ชำระเงินสด',
  paid_transfer: 'ชำระเงินโอน',
  business_date: 'วันที่ทำการ',
  created_by: 'ผู้บันทึก',
  is_void: 'ยกเลิกแล้ว',
  is_delete: 'ลบแล้ว',
  request_id: 'คำขอ',
  requested_by: 'ผู้ขอ',
  approved_by: 'ผู้อนุมัติ',
  branch_ids: 'สาขาที่เปิด',
  branch_prices: 'ราคาตามสาขา',
  usage: 'ใช้ไปแล้ว',
  min_age: 'อายุขั้นต่ำ',
  birthday_typed: 'วันเกิดที่กรอก',
  customer_id: 'ลูกค้า',
  course_name: 'ชื่อหลักสูตร',
  other_fee_name: 'ชื่อรายการ',
  line_no: 'ลำดับ',
  promotion_id: 'โปรโมชั่น',
  related_application_id: 'ใบสมัครที่เกี่ยวข้อง',
  status: 'สถานะ',
  closed_by: 'ผู้ปิดยอด',
  cash: 'เงินสด',
  transfer: 'เงินโอน',
  reason: 'เหตุผล',
  broken_rules: 'กฎที่ยกเว้น',
};
const SKIP = new Set(['createdAt', 'updatedAt', 'created_at', 'updated_at', 'password_hash', 'created_by', 'id']);
/** internal numbers (record ids) mean nothing to staff: the row's heading names who and what */
const isId = (key: string) => key.endsWith('_id');
/** Thai names of stored codes, by field */
const VALUE_NAMES: Record<string, Record<string, string>> = {
  kind: {
    course: 'หลักสูตร',
    fee: 'ค่าธรรมเนียมอื่น',
    request: 'ค่าคำร้อง',
    payment: 'รับชำระ',
    refund: 'คืนเงิน',
    theory: 'ภาคทฤษฎี',
    practical: 'ภาคปฏิบัติ',
  },
  pay_type: { cash: 'เงินสด', transfer: 'โอนเงิน' },
  type: { car: 'รถยนต์', motorcycle: 'รถจักรยานยนต์', income: 'รายได้', deduction: 'รายการหัก' },
  status: {
    active: 'ใช้งาน',
    inactive: 'ไม่ใช้งาน',
    repair: 'ซ่อม',
    sold: 'จำหน่าย',
    draft: 'ร่าง',
    submitted: 'ส่งตรวจแล้ว',
    confirmed: 'ยืนยันแล้ว',
    approved: 'อนุมัติแล้ว',
    pending: 'รออนุมัติ',
    rejected: 'ไม่อนุมัติ',
    booked: 'รอสอบ',
    passed: 'สอบผ่าน',
    failed: 'สอบไม่ผ่าน',
    absent: 'ขาดสอบ',
    cancelled: 'ยกเลิก',
    disabled: 'ระงับ',
  },
  renew_kind: { check: 'ตรวจสภาพ (ตรอ.)', compulsory: 'พ.ร.บ.', insurance: 'ประกันภัย', tax: 'ภาษีรถ' },
};
/** A line of a list (a course line, a fee line) by its name and amount, not as raw data. */
function itemText(x: unknown): string {
  if (!x || typeof x !== 'object') return String(x);
  const o = x as Record<string, unknown>;
  const name = o.course_name ?? o.other_fee_name ?? o.name ?? o.title;
  const money = o.cost ?? o.value ?? o.amount;
  if (typeof name === 'string')
    return typeof money === 'string' && isMoneyString(money) ? `${name} ${formatBaht(money)} บาท` : name;
  return JSON.stringify(x);
}
const MONEY = new Set([
  'price',
  'value',
  'amount',
  'total',
  'discount',
  'net',
  'paid',
  'balance',
  'refunded',
  'paid_cash',
  'paid_transfer',
  'cost',
  'salary',
  'extra_salary',
  'sso_salary',
  'cash',
  'transfer',
]);
const PHONES = new Set(['phone_1', 'phone_2', 'emergency_phone', 'phone']);

export const fieldName = (path: string) =>
  path
    .split('.')
    .map((k) => MORE[k] ?? label(k))
    .join(' › ');

/** One value as Thai text. */
export function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'boolean') return v ? 'ใช่' : 'ไม่ใช่';
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return formatThaiDateTime(v);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return formatThaiDate(v);
    if (MONEY.has(key) && isMoneyString(v.replace(/^-/, '')))
      return `${v.startsWith('-') ? '-' : ''}${formatBaht(v.replace(/^-/, ''))} บาท`;
    if (PHONES.has(key)) return formatPhone(v);
    return VALUE_NAMES[key]?.[v] ?? v;
  }
  if (Array.isArray(v)) return v.length ? v.map(itemText).join(', ') : '-';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function flatten(o: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (o === null || o === undefined || typeof o !== 'object' || Array.isArray(o)) {
    if (prefix) out[prefix] = o;
    return out;
  }
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    if (SKIP.has(k) || isId(k)) continue;
    const p = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, p, out);
    else out[p] = v;
  }
  return out;
}

export interface Change {
  path: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields that differ between before and after (a create lists what was recorded; a delete what was removed),
 * leaving out the record's own id and the flags a new record always has.
 */
export function auditChanges(before: unknown, after: unknown, entity?: string): Change[] {
  const b = flatten(before),
    a = flatten(after);
  const own = entity ? `${entity}_id` : null;
  for (const o of [a, b]) {
    if (own) delete o[own];
    for (const k of ['is_delete', 'is_demo']) if (o[k] === false) delete o[k];
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const hasBefore = before !== null && before !== undefined,
    hasAfter = after !== null && after !== undefined;
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null) || !hasBefore || !hasAfter)
    .filter((k) => !(hasBefore && hasAfter && !(k in a)))
    .map((k) => {
      // a branch price is named by its branch ("ราคาตามสาขา › สาขาเชียงใหม่") and is money
      const leaf = k.startsWith('branch_prices.') ? 'price' : k.split('.').pop()!;
      return {
        path: k,
        label: fieldName(k),
        before: hasBefore ? valueText(leaf, b[k]) : '',
        after: hasAfter ? valueText(leaf, a[k]) : '',
      };
    })
    .filter(
      (c) =>
        !(c.before === '-' && c.after === '-') &&
        !(c.before === '' && c.after === '-') &&
        !(c.after === '' && c.before === '-'),
    );
}
