/**
 * Thai labels of API fields, used in validation messages ("ชื่อผู้ใช้: ต้องระบุ") and by the web forms.
 * One place for every field name the API accepts.
 */
export const fieldLabels: Record<string, string> = {
  username: 'ชื่อผู้ใช้', password: 'รหัสผ่าน', old_password: 'รหัสผ่านเดิม', new_password: 'รหัสผ่านใหม่',
  refreshToken: 'โทเคนต่ออายุ', role_id: 'บทบาท', branch_id: 'สาขา', parent_id: 'สาขาแม่',
  idcard: 'เลขบัตรประชาชน', is_foreigner: 'ชาวต่างชาติ', prefix: 'คำนำหน้า', fname: 'ชื่อ', sname: 'นามสกุล',
  name: 'ชื่อ', prefix_en: 'คำนำหน้า (อังกฤษ)', fname_en: 'ชื่อ (อังกฤษ)', sname_en: 'นามสกุล (อังกฤษ)',
  nickname: 'ชื่อเล่น', birthday: 'วันเกิด', age: 'อายุ', address: 'ที่อยู่', moo: 'หมู่', soi: 'ซอย', street: 'ถนน',
  subdistrict: 'ตำบล/แขวง', district: 'อำเภอ/เขต', province: 'จังหวัด', postcode: 'รหัสไปรษณีย์',
  phone_1: 'เบอร์โทรศัพท์ 1', phone_2: 'เบอร์โทรศัพท์ 2', line: 'LINE', email: 'อีเมล',
  start_date: 'วันเริ่มงาน', department: 'แผนก', position: 'ตำแหน่ง', bank: 'ธนาคาร', bank_acc: 'เลขบัญชี',
  bank_acc_type: 'ประเภทบัญชี', branch_branch: 'สาขาธนาคาร', emergency_name: 'ผู้ติดต่อฉุกเฉิน',
  emergency_phone: 'เบอร์ผู้ติดต่อฉุกเฉิน', emergency_relation: 'ความสัมพันธ์', photo: 'รูปถ่าย',
  employee_type: 'ประเภทพนักงาน', salary: 'เงินเดือน', extra_salary: 'เงินเพิ่ม', salary_pay_type: 'วิธีจ่ายเงินเดือน',
  sso_salary: 'ฐานเงินประกันสังคม', day_off: 'วันหยุด', is_salary_daily: 'จ่ายรายวัน', status: 'สถานะ',
  code: 'รหัส', tax_branch_no: 'เลขที่สาขา (ภาษี)', detail: 'รายละเอียด', price: 'ราคา', type: 'ประเภท',
  category: 'หมวดหมู่', is_activate: 'สถานะการใช้งาน', value: 'มูลค่า', start: 'วันเริ่มต้น', end: 'วันสิ้นสุด',
  is_unlimit: 'ไม่จำกัดจำนวน', limit: 'จำนวนสิทธิ์', type_discount: 'รูปแบบส่วนลด', note: 'หมายเหตุ',
  page: 'หน้า', per_page: 'จำนวนต่อหน้า', text: 'คำค้นหา', id: 'รหัสรายการ', tax_id: 'เลขประจำตัวผู้เสียภาษี',
  vat_mode: 'การคิดภาษีมูลค่าเพิ่ม', promptpay_id: 'พร้อมเพย์', card_agent_port: 'พอร์ตโปรแกรมอ่านบัตร',
  name_en: 'ชื่อ (อังกฤษ)', phone: 'เบอร์โทรศัพท์', title: 'หัวข้อ', condition: 'เงื่อนไข', title_value: 'หน่วย',
  payment: 'การชำระเงิน', courses: 'หลักสูตร', other_fees: 'ค่าธรรมเนียม', customer: 'ลูกค้า', request_fees: 'ค่าคำร้อง',
  pay_type: 'ประเภทการชำระ', paid: 'ยอดชำระ', cost: 'ราคา', discount: 'ส่วนลด', exam_date: 'วันสอบ',
  promotion_code: 'รหัสโปรโมชั่น', course_id: 'หลักสูตร', other_fee_id: 'ค่าธรรมเนียม', application_id: 'ใบสมัคร',
  is_request_fee: 'ค่าคำร้อง', theory_hours: 'ชั่วโมงทฤษฎี', practice_hours: 'ชั่วโมงปฏิบัติ',
  token: 'ลิงก์เอกสาร', user_id: 'พนักงาน', branch: 'สาขา', user: 'ผู้บันทึก', list_expenses: 'รายการค่าใช้จ่าย', logo: 'โลโก้',
  customer_id: 'ลูกค้า', date: 'วันที่', payment_id: 'รายการชำระเงิน', request_fee_id: 'ค่าคำร้อง', index: 'ลำดับรายการ',
  transfer_bank: 'ธนาคารที่โอน', transfer_at: 'วันเวลาที่โอน', transfer_ref: 'เลขอ้างอิงการโอน', transfer_slip: 'รูปสลิปการโอน',
  reason: 'เหตุผล', branch_prices: 'ราคาตามสาขา', branch_ids: 'สาขาที่เปิด', min_age: 'อายุขั้นต่ำ',
  request_id: 'คำขอ', approve: 'ผลการอนุมัติ', close_id: 'รายการปิดยอด', promotion_id: 'โปรโมชั่น', category_id: 'หมวดหมู่',
  list_expenses_id: 'รายการค่าใช้จ่าย', list_payroll_id: 'รายการเงินเดือน', evaluate_id: 'เกณฑ์การประเมิน', file: 'ไฟล์', kind: 'ชนิดไฟล์',
};

export function labelOf(field: string): string {
  return fieldLabels[field] ?? field;
}
