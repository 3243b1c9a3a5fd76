/** The registration form's values: the customer block, course and fee lines, the first payment. */
import type { TransferForm } from '../payments/transfer';
import { BLANK_CUSTOMER } from './CustomerBlock';

export interface CourseLineForm {
  course_id?: number;
  cost?: string;
  promotion_code?: string;
  checked_code?: string;
  discount?: string;
  exam_date?: string | null;
}
export interface FeeLineForm {
  other_fee_id?: number;
  cost?: string;
  date?: string | null;
}

export type NewApplicationForm = {
  customer: typeof BLANK_CUSTOMER;
  courses: CourseLineForm[];
  other_fees: FeeLineForm[];
  paid: string;
  pay_type: string;
  pay_note: string;
  note: string;
} & TransferForm;

export const BLANK = {
  customer: BLANK_CUSTOMER,
  courses: [
    { course_id: undefined, cost: '0', promotion_code: '', checked_code: '', discount: '0', exam_date: null },
  ] as CourseLineForm[],
  other_fees: [] as FeeLineForm[],
  paid: '',
  pay_type: 'cash',
  pay_note: '',
  note: '',
} as NewApplicationForm;
