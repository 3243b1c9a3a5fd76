/** Thai names of what the audit log records (the screen's filters and headings). */
export const ENTITY_NAMES: Record<string, string> = {
  application: 'ใบสมัครเรียน', application_fee: 'ใบค่าธรรมเนียม', application_request_fee: 'ใบค่าคำร้อง',
  payment: 'การชำระเงิน', money_request: 'คำขออนุมัติ', cash_close: 'ปิดยอดประจำวัน', customer: 'ลูกค้า',
  course: 'หลักสูตร', course_type: 'ประเภทหลักสูตร', promotion: 'โปรโมชั่น/ส่วนลด', other_fee: 'ค่าธรรมเนียม',
  list_expenses: 'รายการค่าใช้จ่าย', list_payroll: 'รายการเงินเดือน', evaluate: 'หัวข้อการประเมิน',
  user: 'พนักงาน', branch: 'สาขา', settings: 'ตั้งค่าโรงเรียน',
};

export const ACTION_NAMES: Record<string, string> = {
  create: 'เพิ่ม', update: 'แก้ไข', delete: 'ลบ', 'update+password': 'แก้ไขและเปลี่ยนรหัสผ่าน', 'update-profile': 'แก้ไขข้อมูลส่วนตัว',
  refund: 'คืนเงิน', void: 'ยกเลิกการชำระ', approve: 'อนุมัติ', reject: 'ไม่อนุมัติ', close: 'ปิดยอด', reopen: 'เปิดยอดใหม่',
  confirm: 'ยืนยันตัวตนลูกค้าจากบัตร', 'confirm-refused': 'ยืนยันตัวตนไม่ผ่าน',
};

export const entityName = (e: string) => ENTITY_NAMES[e] ?? e;
export const actionName = (a: string) => ACTION_NAMES[a] ?? a;
