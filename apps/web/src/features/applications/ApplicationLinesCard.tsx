/** The priced lines of an application (courses, other fees, request fees) with the links to the exam screens. */
import { CarOutlined, CheckSquareOutlined } from '@ant-design/icons';
import { Card, Table, Typography } from 'antd';
import { formatBaht, toSatang } from '@khabkhi/thai';
import { Link } from 'react-router';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import type { ApplicationDetail } from './api';

interface LineRow {
  key: string;
  evaluation?: number;
  name: string;
  sub: string;
  exam: string | null;
  cost: string;
  discount: string;
}

function linesOf(a: ApplicationDetail): LineRow[] {
  return [
    // a request-fee application is priced by its request fees; the registration's courses are named in the header
    ...(a.kind === 'request' ? [] : a.courses).map((l) => ({
      key: `c${l.line_id}`,
      evaluation: a.kind === 'course' ? l.line_id : undefined,
      name: l.course_name,
      sub: [l.course_type, l.promotion_code && `โปรโมชั่น ${l.promotion_code}`, l.exam_date && `วันสอบ`]
        .filter(Boolean)
        .join(' · '),
      exam: l.exam_date,
      cost: l.cost,
      discount: l.discount,
    })),
    ...a.other_fees.map((l) => ({
      key: `f${l.line_id}`,
      name: l.other_fee_name,
      sub: 'ค่าธรรมเนียมอื่น',
      exam: l.date,
      cost: l.cost,
      discount: l.discount,
    })),
    ...a.request_fees.map((l) => ({
      key: `r${l.line_id}`,
      name: l.request_fee_name,
      sub: 'ค่าคำร้อง',
      exam: l.date,
      cost: l.cost,
      discount: l.discount,
    })),
  ];
}

/** `examLinks`: a course registration's training record and pre-exam vehicle check live in the exam screens. */
export function ApplicationLinesCard({
  a,
  appId,
  examLinks,
}: {
  a: ApplicationDetail;
  appId: number;
  examLinks: boolean;
}) {
  return (
    <Card
      title="รายการ"
      style={{ marginBottom: 16 }}
      extra={
        examLinks && (
          <Link to={`/vehicle-checks/${appId}`} data-testid="vehicle-check-link">
            <CarOutlined /> ตรวจสภาพรถก่อนสอบ
          </Link>
        )
      }
    >
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={linesOf(a)}
        columns={[
          {
            title: 'รายการ',
            dataIndex: 'name',
            render: (v: string, r) => (
              <>
                <div>{v}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.sub}
                  {r.exam ? (
                    <>
                      {' '}
                      <ThaiDate value={r.exam} />
                    </>
                  ) : null}
                </Typography.Text>
                {examLinks && r.evaluation !== undefined && (
                  <div>
                    <Link to={`/evaluations/${r.evaluation}`} style={{ fontSize: 12 }} data-testid="evaluation-link">
                      <CheckSquareOutlined /> ผลการประเมิน
                    </Link>
                  </div>
                )}
              </>
            ),
          },
          { title: 'ราคา', dataIndex: 'cost', align: 'right', render: (v: string) => <MoneyText value={v} /> },
          {
            title: 'ส่วนลด',
            dataIndex: 'discount',
            align: 'right',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: 'สุทธิ',
            key: 'net',
            align: 'right',
            render: (_: unknown, r) => (
              <MoneyText value={formatBaht(toSatang(r.cost) - toSatang(r.discount)).replace(/,/g, '')} />
            ),
          },
        ]}
      />
    </Card>
  );
}
