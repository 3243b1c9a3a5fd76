/** The payroll's documents and files: signed PDF links and the statutory files the server answers in base64. */
import { api } from '../../api/client';
import { openPdf } from '../../api/documents';

export type PayrollFile = 'sso' | 'sso_xlsx' | 'pnd1' | 'bank';

/** Opens all payslips of a payroll or the month's summary. */
export async function openPayrollPdf(payrollId: number | undefined, document: 'payslips' | 'summary') {
  openPdf((await api.post<{ pdf: string }>('/payroll/payslip/pdf', { payroll_id: payrollId, document })).data.pdf);
}

/** Downloads a statutory file of a payroll (the SSO Excel upload is written here from the server's rows). */
export async function downloadPayrollFile(payrollId: number | undefined, document: PayrollFile) {
  const r = await api.post<{ filename: string; mime: string; content: string }>('/payroll/file', {
    payroll_id: payrollId,
    document,
  });
  const bytes = Uint8Array.from(atob(r.data.content), (c) => c.charCodeAt(0));
  let blob = new Blob([bytes], { type: r.data.mime });
  if (document === 'sso_xlsx') {
    const { sheet, rows } = JSON.parse(new TextDecoder().decode(bytes)) as {
      sheet: string;
      rows: { idcard: string; prefix: string; fname: string; sname: string; wage: string; contribution: string }[];
    };
    const { xlsxBlob } = await import('../../components/exportRows');
    blob = await xlsxBlob(
      rows,
      [
        { title: 'เลขประจำตัวประชาชน', value: (x) => x.idcard },
        { title: 'คำนำหน้า', value: (x) => x.prefix },
        { title: 'ชื่อ', value: (x) => x.fname },
        { title: 'นามสกุล', value: (x) => x.sname },
        { title: 'ค่าจ้าง', value: (x) => x.wage, kind: 'money' },
        { title: 'เงินสมทบ', value: (x) => x.contribution, kind: 'money' },
      ],
      sheet,
    );
  }
  const a = window.document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = r.data.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
