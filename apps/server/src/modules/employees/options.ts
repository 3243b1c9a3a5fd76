/** Fixed option lists of the employee form (SPEC §3 Employee). Labels in Thai, values stable. */
export const BANKS = [
  'ธนาคารกรุงเทพ',
  'ธนาคารกสิกรไทย',
  'ธนาคารกรุงไทย',
  'ธนาคารไทยพาณิชย์',
  'ธนาคารกรุงศรีอยุธยา',
  'ธนาคารทหารไทยธนชาต',
  'ธนาคารออมสิน',
  'ธนาคารอาคารสงเคราะห์',
  'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
  'ธนาคารยูโอบี',
  'ธนาคารซีไอเอ็มบี ไทย',
  'ธนาคารเกียรตินาคินภัทร',
  'ธนาคารแลนด์ แอนด์ เฮ้าส์',
  'ธนาคารทิสโก้',
  'ธนาคารอิสลามแห่งประเทศไทย',
];
export const DEPARTMENTS = ['บริหาร', 'ทะเบียนและการเงิน', 'ฝึกอบรม', 'สอบ', 'บัญชีและบุคคล', 'ยานพาหนะและซ่อมบำรุง'];
export const POSITIONS = [
  'ผู้จัดการโรงเรียน',
  'ผู้จัดการสาขา',
  'เจ้าหน้าที่ทะเบียน',
  'พนักงานการเงิน',
  'ครูฝึกภาคปฏิบัติ',
  'ครูสอนภาคทฤษฎี',
  'เจ้าหน้าที่คุมสอบ',
  'นักบัญชี',
  'เจ้าหน้าที่บุคคล',
  'ช่างซ่อมบำรุง',
];
export const WEEKDAY_OPTIONS = [
  { name: 'จันทร์', value: 'mon' },
  { name: 'อังคาร', value: 'tue' },
  { name: 'พุธ', value: 'wed' },
  { name: 'พฤหัสบดี', value: 'thu' },
  { name: 'ศุกร์', value: 'fri' },
  { name: 'เสาร์', value: 'sat' },
  { name: 'อาทิตย์', value: 'sun' },
];
export const PAY_TYPE_OPTIONS = [
  { name: 'รายเดือน', value: 'monthly' },
  { name: 'รายวัน', value: 'daily' },
];
export const SALARY_PAY_TYPE_OPTIONS = [
  { name: 'เงินสด', value: 'cash' },
  { name: 'โอนเงิน', value: 'transfer' },
];
export const BANK_ACC_TYPE_OPTIONS = [
  { name: 'ออมทรัพย์', value: 'savings' },
  { name: 'กระแสรายวัน', value: 'current' },
];
export const USER_STATUS_OPTIONS = [
  { name: 'ทำงานอยู่', value: 'active' },
  { name: 'ระงับการใช้งาน', value: 'inactive' },
];
export const PREFIXES = ['นาย', 'นาง', 'นางสาว'];
