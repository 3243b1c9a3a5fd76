/** Thai names of what the audit log records (the screen's filters and headings). */
export const ENTITY_NAMES: Record<string, string> = {
  application: 'ใบสมัครเรียน',
  application_fee: 'ใบค่าธรรมเนียม',
  application_request_fee: 'ใบค่าคำร้อง',
  payment: 'การชำระเงิน',
  money_request: 'คำขออนุมัติ',
  cash_close: 'ปิดยอดประจำวัน',
  customer: 'ลูกค้า',
  course: 'หลักสูตร',
  course_type: 'ประเภทหลักสูตร',
  promotion: 'โปรโมชั่น/ส่วนลด',
  other_fee: 'ค่าธรรมเนียม',
  list_expenses: 'รายการค่าใช้จ่าย',
  list_payroll: 'รายการเงินเดือน',
  evaluate: 'หัวข้อการประเมิน',
  user: 'พนักงาน',
  branch: 'สาขา',
  settings: 'ตั้งค่าโรงเรียน',
  evaluation: 'ผลการประเมินผู้เรียน',
  vehicle_check: 'ตรวจสภาพรถ',
  evaluation_settings: 'เกณฑ์การประเมินและรายการตรวจรถ',
  vehicle: 'รถของโรงเรียน',
  expenses: 'ค่าใช้จ่าย',
  other_income: 'รายรับอื่น',
  accounting_report: 'รายงานบัญชี',
  fleet_rules: 'เกณฑ์แจ้งเตือนรถ',
  payroll: 'เงินเดือน',
  payroll_user_item: 'รายการเงินเดือนประจำของพนักงาน',
  exam_session: 'รอบสอบ',
  exam_attempt: 'การสอบของผู้เรียน',
  exam_permission: 'สิทธิ์สอบ',
  exam_date: 'วันสอบ',
};

export const ACTION_NAMES: Record<string, string> = {
  create: 'เพิ่ม',
  update: 'แก้ไข',
  delete: 'ลบ',
  'update+password': 'แก้ไขและเปลี่ยนรหัสผ่าน',
  'update-profile': 'แก้ไขข้อมูลส่วนตัว',
  refund: 'คืนเงิน',
  void: 'ยกเลิกการชำระ',
  approve: 'อนุมัติ',
  reject: 'ไม่อนุมัติ',
  close: 'ปิดยอด',
  reopen: 'เปิดยอดใหม่',
  confirm: 'ยืนยันตัวตนลูกค้าจากบัตร',
  'confirm-refused': 'ยืนยันตัวตนไม่ผ่าน',
  cancel: 'ยกเลิก',
  'change-password': 'เปลี่ยนรหัสผ่าน',
  changedate: 'เปลี่ยนวันสอบ',
  disable: 'ระงับสิทธิ์',
  extend: 'ขยายสิทธิ์',
  'edit-paytype': 'แก้ไขประเภทการชำระ',
  print: 'พิมพ์',
  renew: 'ต่ออายุ',
  'renew-undo': 'ยกเลิกการต่ออายุ',
  'renew-override': 'ต่ออายุนอกกฎโดยผู้จัดการ',
  result: 'บันทึกผลสอบ',
  submit: 'ส่งตรวจ',
};

/** An action whose name depends on what it was done to ("confirm" a payroll is not confirming a customer's identity). */
const ACTION_BY_ENTITY: Record<string, string> = {
  'payroll:confirm': 'ยืนยันเงินเดือน',
  'payroll:approve': 'อนุมัติเงินเดือน',
  'payroll:reopen': 'เปิดเงินเดือนแก้ไขใหม่',
};

export const entityName = (e: string) => ENTITY_NAMES[e] ?? e;
export const actionName = (a: string, entity?: string) =>
  (entity && ACTION_BY_ENTITY[`${entity}:${a}`]) || (ACTION_NAMES[a] ?? a);
