export interface SchoolInfo {
  name: string;
  name_en: string;
  tax_id: string;
  address: string;
  phone: string;
  vat_mode: string;
  promptpay_id: string;
  logo?: Buffer | null;
  logo_mime?: string | null;
}
export interface BranchInfo {
  name: string;
  code: string;
  is_head_office: boolean;
  tax_branch_no: string;
  address: string;
  phone: string;
}

/** What a receipt (or refund slip) shows, frozen in the payment's transaction. Money as decimal baht strings. */
export interface ReceiptSnapshot {
  school: SchoolInfo;
  branch: BranchInfo;
  kind: 'payment' | 'refund';
  number: string;
  issued_at: string;
  application_code: string;
  customer: { name: string; idcard: string; address: string; phone: string };
  /** each line's price (cost), its discount and the rest (amount); receipts issued before cost was kept have amount only */
  items: { name: string; cost?: string; discount?: string; amount: string }[];
  /** refunded_after: what has been refunded on the application including this entry (absent on older receipts) */
  totals: {
    total: string;
    discount: string;
    net: string;
    paid_before: string;
    amount: string;
    balance_after: string;
    refunded_after?: string;
  };
  /** a transfer: the bank, when it was made and the slip's reference */
  transfer?: { bank: string; at: string | null; ref: string };
  amount: string;
  pay_type: 'cash' | 'transfer';
  note: string;
  cashier: string;
}

export interface ApplicationFormData {
  school: SchoolInfo;
  branch: BranchInfo;
  title: string;
  application_code: string;
  created_at: string;
  status: string;
  customer: {
    prefix: string;
    fname: string;
    sname: string;
    idcard: string;
    is_foreigner: boolean;
    birthday: string | null;
    age: number | null;
    address: string;
    phone_1: string;
    phone_2: string;
  };
  courses: {
    name: string;
    type: string;
    exam_date: string | null;
    cost: string;
    discount: string;
    promotion_code: string;
  }[];
  other_fees: { name: string; date: string | null; cost: string; discount: string }[];
  totals: {
    total: string;
    discount: string;
    net: string;
    paid: string;
    balance: string;
    refunded: string;
    due: string;
  };
  /** an application that takes no more money (refunded or cancelled): why, printed instead of a balance to pay */
  closed_reason: string | null;
  /** a request-fee application: the registration it concerns and its courses, for reference (not priced here) */
  related?: { code: string; courses: string[] } | null;
  payments: {
    number: string;
    date: string;
    pay_type: 'cash' | 'transfer';
    amount: string;
    is_void: boolean;
    kind: 'payment' | 'refund';
    transfer: string;
  }[];
  staff: string;
}
