/** Thai labels of the accounting request fields. */
export const accountingLabels: Record<string, string> = {
  income_id: 'รายการรายรับ',
  files: 'ไฟล์แนบ',
};
