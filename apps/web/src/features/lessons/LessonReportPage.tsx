/**
 * รายงานการฝึกอบรมประจำเดือน: the monthly training report a certified school sends the Department of Land Transport —
 * per branch and month, the students trained with their hours per licence type (theory and practice), the
 * instructors and the vehicles used. Shown as tables (the students' folded to fit the screen: screenSheet), printed as
 * a PDF, downloaded as an Excel workbook (every column apart).
 * Branch and month live in the URL.
 */
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { downloadWorkbook } from '../../components/exportRows';
import { PageHeader } from '../../components/PageHeader';
import { reportMonths, screenSheet } from './lessonUi';
import { printLessonReport, useLessonReport } from './queries';
import { useBranchParam } from './useBranchParam';

export default function LessonReportPage() {
  const { message } = App.useApp();
  const { branchId, options: branchOptions, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const months = reportMonths();
  const month = params.get('month') ?? months[0]!.value;
  const report = useLessonReport(branchId, month);
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const run = async (what: 'pdf' | 'xlsx') => {
    setBusy(what);
    try {
      if (what === 'pdf') await printLessonReport(branchId, month);
      else if (report.data) await downloadWorkbook(report.data.sheets, report.data.filename);
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const sheets = (report.data?.sheets ?? []).map(screenSheet);
  return (
    <>
      <PageHeader
        title="รายงานการฝึกอบรมประจำเดือน"
        subtitle="สำหรับส่งกรมการขนส่งทางบก: ผู้เข้ารับการอบรม ชั่วโมงเรียนภาคทฤษฎีและภาคปฏิบัติ ครูฝึก และรถที่ใช้ฝึก (นับเฉพาะคาบที่เรียนจบแล้ว)"
        extra={
          <Flex gap={8}>
            <Button
              icon={<PrinterOutlined />}
              loading={busy === 'pdf'}
              disabled={!branchId}
              onClick={() => void run('pdf')}
              data-testid="lesson-report-pdf"
            >
              พิมพ์ PDF
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'xlsx'}
              disabled={!report.data}
              onClick={() => void run('xlsx')}
              data-testid="lesson-report-xlsx"
            >
              ดาวน์โหลด Excel
            </Button>
          </Flex>
        }
      />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap align="center">
          <Select
            style={{ width: 190 }}
            value={branchId || undefined}
            options={branchOptions}
            onChange={(v: number) => setBranch(v)}
            aria-label="สาขา"
          />
          <Select
            style={{ width: 190 }}
            value={month}
            options={months}
            onChange={(v: string) =>
              setParams((p) => {
                const n = new URLSearchParams(p);
                n.set('month', v);
                return n;
              })
            }
            aria-label="เดือน"
            data-testid="lesson-report-month"
          />
        </Flex>
      </Card>
      {report.error && <Alert type="error" showIcon title={errorMessage(report.error)} />}
      {report.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {sheets.map((s) => (
        <Card key={s.sheet} size="small" title={s.sheet} style={{ marginBottom: 12 }}>
          {s.rows.length === 0 ? (
            <Typography.Text type="secondary">ไม่มีรายการในเดือนนี้</Typography.Text>
          ) : (
            <Table
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowKey={(_, i) => String(i)}
              dataSource={s.rows.map((r) => Object.fromEntries(r.map((v, i) => [String(i), v])))}
              columns={s.columns.map((c, i) => ({
                title: <span style={{ whiteSpace: 'pre-line' }}>{c}</span>,
                dataIndex: String(i),
                align:
                  typeof s.rows[0]?.[i] === 'number' || / \/ /.test(String(s.rows[0]?.[i] ?? ''))
                    ? ('right' as const)
                    : undefined,
                render: (v: string | number) => <span style={{ whiteSpace: 'pre-line' }}>{v}</span>,
              }))}
            />
          )}
        </Card>
      ))}
    </>
  );
}
