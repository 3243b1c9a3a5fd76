/**
 * The money end of the registration form: the live totals (with the codes not yet checked) and the first
 * payment; and the card that shows the saved application with its documents.
 */
import { FileTextOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Space, Table, Typography } from 'antd';
import type { CreateResult, RegisterOptions } from '@khabkhi/contracts';
import { formatBaht } from '@khabkhi/thai';
import { Link } from 'react-router';
import { openPdf } from '../../api/documents';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { TransferFields } from '../payments/TransferFields';
import { PAY_TYPES } from './api';

export function RegistrationTotals({
  t,
  paid,
  payError,
  payType,
  unchecked,
  banks,
}: {
  t: { total: number; discount: number; net: number };
  paid: string | undefined;
  payError: string | null;
  payType: string | undefined;
  unchecked: number[];
  banks: RegisterOptions['banks'];
}) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Card title="สรุปยอด" className="form-section" style={{ marginBottom: 16 }}>
          <Table
            size="small"
            pagination={false}
            showHeader={false}
            rowKey="k"
            columns={[{ dataIndex: 'k' }, { dataIndex: 'v', align: 'right' }]}
            dataSource={[
              { k: 'ยอดรวม', v: `${formatBaht(t.total)} บาท` },
              { k: 'ส่วนลด', v: `${formatBaht(t.discount)} บาท` },
              { k: <b>ยอดสุทธิ</b>, v: <b data-testid="net">{formatBaht(t.net)} บาท</b> },
              { k: 'ชำระครั้งนี้', v: `${formatBaht(paid && !payError ? paid : '0')} บาท` },
              {
                k: <b>คงเหลือ</b>,
                v: <b>{formatBaht(t.net - (paid && !payError ? Math.round(Number(paid) * 100) : 0))} บาท</b>,
              },
            ].map((r, i) => ({ ...r, k: r.k, key: i }))}
          />
          {unchecked.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ margin: '8px 0' }}
              data-testid="unchecked-promotion"
              title={`รหัสส่วนลดของหลักสูตรที่ ${unchecked.map((i) => i + 1).join(', ')} ยังไม่ได้ตรวจ ส่วนลดยังไม่นับในยอดนี้`}
            />
          )}
          <Typography.Text type="secondary">ระบบตรวจยอดนี้อีกครั้งเมื่อบันทึก ถ้าไม่ตรงกับที่แสดงจะไม่บันทึก</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="รับชำระครั้งแรก (มัดจำ)" className="form-section" style={{ marginBottom: 16 }}>
          <Form.Item
            name="paid"
            label="ยอดชำระ (เว้นว่างหากยังไม่ชำระ)"
            rules={[moneyRule('ยอดชำระ')]}
            validateStatus={payError ? 'error' : undefined}
            help={payError ?? undefined}
          >
            <MoneyInput placeholder="เช่น 3000" />
          </Form.Item>
          <Form.Item name="pay_type" label="ช่องทางชำระ">
            <Radio.Group options={PAY_TYPES} optionType="button" buttonStyle="solid" />
          </Form.Item>
          {payType === 'transfer' && paid && <TransferFields banks={banks} />}
          <Form.Item name="pay_note" label="หมายเหตุการชำระ">
            <Input maxLength={500} placeholder="เช่น มัดจำ, โอนผ่านพร้อมเพย์" />
          </Form.Item>
        </Card>
      </Col>
    </Row>
  );
}

/** The application just saved: its number and money, its receipt and form to print, and the way to the next one. */
export function CreatedCard({ created, onNext }: { created: CreateResult; onNext: () => void }) {
  return (
    <Card style={{ marginBottom: 16, borderColor: '#52c41a' }}>
      <Space wrap>
        <Typography.Text strong>ใบสมัครเลขที่ {created.application.application_code}</Typography.Text>
        <Typography.Text>
          ยอดสุทธิ {formatBaht(created.application.net)} บาท · ชำระแล้ว {formatBaht(created.application.paid)} บาท · คงเหลือ{' '}
          {formatBaht(created.application.balance)} บาท
        </Typography.Text>
        {created.pdf && (
          <Button icon={<PrinterOutlined />} onClick={() => openPdf(created.pdf)}>
            พิมพ์ใบเสร็จ
          </Button>
        )}
        <Button icon={<FileTextOutlined />} onClick={() => openPdf(created.application_pdf)}>
          พิมพ์ใบสมัคร
        </Button>
        <Link to={`/applications/${created.application.application_id}`}>
          <Button>ดูรายละเอียด</Button>
        </Link>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNext}>
          สมัครใหม่
        </Button>
      </Space>
    </Card>
  );
}
