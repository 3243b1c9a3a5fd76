/** Fixed option lists of the catalog (name = Thai label, value = stored value). */
export const EXPENSE_STATUS = [
  { name: 'ใช้งาน', value: 'active' },
  { name: 'ไม่ใช้งาน', value: 'inactive' },
];
export const PAYROLL_STATUS = [
  { name: 'ใช้งาน', value: 'active' },
  { name: 'ไม่ใช้งาน', value: 'inactive' },
];
export const PAYROLL_TYPES = [
  { name: 'รายได้', value: 'income' },
  { name: 'รายการหัก', value: 'deduction' },
];
export const PAYROLL_CONDITIONS = [
  { name: 'กรอกเองทุกเดือน', value: 'fill' },
  { name: 'อัตรา × จำนวน', value: 'multiply' },
];
export const PAYROLL_TITLE_VALUES = [
  { name: 'บาท/เดือน', value: 'บาท/เดือน' },
  { name: 'บาท/วัน', value: 'บาท/วัน' },
  { name: 'บาท/ชั่วโมง', value: 'บาท/ชั่วโมง' },
  { name: 'บาท/ครั้ง', value: 'บาท/ครั้ง' },
  { name: 'บาท/คน', value: 'บาท/คน' },
  { name: 'เปอร์เซ็นต์', value: '%' },
];
export const PAYROLL_INCOME_CATEGORIES = [
  { name: 'เงินเดือน/ค่าจ้าง', value: 'salary' },
  { name: 'ค่าล่วงเวลา', value: 'overtime' },
  { name: 'ค่าคอมมิชชั่น', value: 'commission' },
  { name: 'เบี้ยขยัน/เงินได้ประจำ', value: 'bonus' },
  { name: 'โบนัส/เงินได้ไม่ประจำ (ภาษีคิดเฉพาะเดือนที่จ่าย)', value: 'irregular' },
  { name: 'ค่าสอนรายชั่วโมง', value: 'teaching' },
  { name: 'เงินได้อื่น', value: 'other_income' },
];
export const PAYROLL_DEDUCTION_CATEGORIES = [
  { name: 'ประกันสังคม', value: 'social_security' },
  { name: 'ภาษีหัก ณ ที่จ่าย', value: 'withholding_tax' },
  { name: 'เงินเบิกล่วงหน้า', value: 'advance' },
  { name: 'เงินเบิกล่วงหน้ายกมาจากเดือนก่อน', value: 'advance_carried' },
  { name: 'ขาด/ลา/มาสาย', value: 'absence' },
  { name: 'รายการหักอื่น', value: 'other_deduction' },
];
export const EVALUATE_CATEGORIES = [
  { name: 'ภาคทฤษฎี', value: 'theory' },
  { name: 'การควบคุมรถ', value: 'control' },
  { name: 'ท่าทดสอบภาคปฏิบัติ', value: 'manoeuvre' },
  { name: 'การขับขี่บนถนนและกฎจราจร', value: 'road' },
  { name: 'ทัศนคติและความปลอดภัย', value: 'attitude' },
];
export const EVALUATE_STATUS = [
  { name: 'เปิดใช้งาน', value: true },
  { name: 'ปิดใช้งาน', value: false },
];
