/** The other-fee lines of the registration form; Enter on an empty line drops it and moves on to ยอดชำระ. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Select, Space, Typography, type FormInstance } from 'antd';
import type { RegisterOptions } from '@khabkhi/contracts';
import { formatBaht } from '@khabkhi/thai';
import { MoneyInput } from '../../components/MoneyInput';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';

export function FeeLinesCard({ form, d }: { form: FormInstance; d: RegisterOptions | undefined }) {
  const feeOptions = (d?.other_fees ?? []).map((f) => ({
    value: f.other_fee_id,
    label: `${f.name} · ${formatBaht(f.price)} บาท`,
  }));

  return (
    <Card title="ค่าธรรมเนียมอื่น" className="form-section" style={{ marginBottom: 16 }}>
      <Form.List name="other_fees">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Row key={row.key} gutter={12} align="bottom">
                <Col
                  xs={24}
                  md={10}
                  onKeyDownCapture={(e) => {
                    // Enter on a fee line left empty: the line goes and the keyboard goes on to ยอดชำระ
                    if (e.key !== 'Enter' || form.getFieldValue(['other_fees', row.name, 'other_fee_id'])) return;
                    if ((e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
                    e.preventDefault();
                    e.stopPropagation();
                    remove(row.name);
                    setTimeout(() => document.querySelector<HTMLInputElement>('#paid')?.focus(), 0);
                  }}
                >
                  <Form.Item
                    name={[row.name, 'other_fee_id']}
                    label={`รายการที่ ${index + 1}`}
                    rules={[{ required: true, message: 'กรุณาเลือกรายการ หรือกดลบแถวนี้' }]}
                  >
                    <Select
                      options={feeOptions}
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="พิมพ์เพื่อค้นหา"
                      onChange={(id: number) =>
                        form.setFieldValue(
                          ['other_fees', row.name, 'cost'],
                          d?.other_fees.find((f) => f.other_fee_id === id)?.price ?? '0',
                        )
                      }
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name={[row.name, 'cost']} label="ราคา">
                    <MoneyInput readOnly tabIndex={-1} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name={[row.name, 'date']} label="วันที่ (ถ้ามี)">
                    <ThaiDatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={1}>
                  <Form.Item label=" ">
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(row.name)}
                      aria-label={`ลบค่าธรรมเนียมที่ ${index + 1}`}
                      tabIndex={-1}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Space wrap>
              <Button
                icon={<PlusOutlined />}
                data-testid="add-fee"
                data-enter-stop
                onClick={() => {
                  add({ cost: '0', date: null });
                  setTimeout(
                    () => document.querySelector<HTMLInputElement>(`#other_fees_${rows.length}_other_fee_id`)?.focus(),
                    0,
                  );
                }}
              >
                เพิ่มค่าธรรมเนียม
              </Button>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                Enter เพื่อเพิ่มรายการ · กด Enter ที่ช่องรายการที่ว่างเพื่อข้ามไปยอดชำระ
              </Typography.Text>
            </Space>
          </>
        )}
      </Form.List>
    </Card>
  );
}
