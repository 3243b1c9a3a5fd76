/** Thai labels in one place. Field labels come from @khabkhi/contracts (shared with the server). */
import { fieldLabels } from '@khabkhi/contracts';

export const label = (field: string): string => fieldLabels[field] ?? field;

export const th = {
  appName: 'ขับขี่',
  appTagline: 'ระบบบริหารโรงเรียนสอนขับรถ',
  all: 'ทั้งหมด',
  search: 'ค้นหา',
  searchPlaceholder: 'พิมพ์คำค้นหาแล้วกด Enter',
  loading: 'กำลังโหลดข้อมูล…',
  empty: 'ไม่พบข้อมูล',
  save: 'บันทึก',
  saving: 'กำลังบันทึก…',
  cancel: 'ยกเลิก',
  delete: 'ลบ',
  back: 'ย้อนกลับ',
  edit: 'แก้ไข',
  add: 'เพิ่ม',
  exportExcel: 'ส่งออก Excel',
  exportCsv: 'ส่งออก CSV',
  exporting: 'กำลังส่งออก…',
  confirmDelete: 'ยืนยันการลบ?',
  yes: 'ใช่',
  no: 'ไม่',
  required: (field: string) => `กรุณากรอก${field}`,
  totalRows: (n: number, from: number, to: number) =>
    `แสดง ${from.toLocaleString('th-TH')}–${to.toLocaleString('th-TH')} จาก ${n.toLocaleString('th-TH')} รายการ`,
  sessionExpired: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  status: {
    active: 'ทำงานอยู่',
    inactive: 'ระงับการใช้งาน',
    deleted: 'ปิดแล้ว (ลบ)',
  } as Record<string, string>,
};
