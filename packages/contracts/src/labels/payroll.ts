/** Thai labels of the payroll API's request fields. */
export const payrollLabels: Record<string, string> = {
  month: 'เดือน',
  lines: 'รายการพนักงาน',
  days_worked: 'จำนวนวันทำงาน',
  end_date: 'วันที่พ้นสภาพ',
  items: 'รายการรายได้/รายการหัก',
  per_value: 'จำนวน',
  payroll_id: 'รอบเงินเดือน',
  payslip_id: 'สลิปเงินเดือน',
  is_delete: 'ลบรายการ',
  document: 'เอกสาร',
  year: 'ปีภาษี',
  submit_roles: 'ผู้ส่งตรวจ',
  confirm_roles: 'ผู้ยืนยัน',
  approve_roles: 'ผู้อนุมัติ',
  owner_self_approve: 'เจ้าของกิจการอนุมัติเงินเดือนที่ตนเองส่งได้',
};
