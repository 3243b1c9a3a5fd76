/** The employee's work (start, department, position, pay type, days off), salary and bank, and emergency contact. */
import { AutoComplete, Card, Checkbox, Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { EmployeeFormOptions } from '@khabkhi/contracts';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { phoneItemProps } from '../../components/phoneField';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { label } from '../../i18n/th';
import { opts } from './employeeForm';

export function EmployeeWorkCards({ o }: { o: EmployeeFormOptions | undefined }) {
  return (
    <>
      <Card title="การทำงาน" className="form-section" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="start_date" label={label('start_date')}>
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="department" label={label('department')}>
              <AutoComplete
                options={opts(o?.department).map((x) => ({ value: String(x.value) }))}
                maxLength={100}
                filterOption
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="position" label={label('position')}>
              <AutoComplete
                options={opts(o?.position).map((x) => ({ value: String(x.value) }))}
                maxLength={100}
                filterOption
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="employee_type" label={label('employee_type')}>
              <Radio.Group options={opts(o?.pay_type)} optionType="button" buttonStyle="solid" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="day_off" label={label('day_off')}>
              <Checkbox.Group options={opts(o?.weekdays).map((x) => ({ label: x.label, value: String(x.value) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="เงินเดือนและธนาคาร" className="form-section" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="salary" label={label('salary')} rules={[moneyRule(label('salary'))]}>
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="extra_salary" label={label('extra_salary')} rules={[moneyRule(label('extra_salary'))]}>
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sso_salary" label={label('sso_salary')} rules={[moneyRule(label('sso_salary'))]}>
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="salary_pay_type" label={label('salary_pay_type')}>
              <Radio.Group options={opts(o?.salary_pay_type)} optionType="button" buttonStyle="solid" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="is_salary_daily" label={label('is_salary_daily')} valuePropName="checked">
              <Switch checkedChildren="รายวัน" unCheckedChildren="ไม่ใช่" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8} />
          <Col xs={24} md={8}>
            <Form.Item name="bank" label={label('bank')}>
              <Select
                allowClear
                options={opts(o?.bank)}
                placeholder="เลือกธนาคาร"
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="bank_acc"
              label={label('bank_acc')}
              rules={[{ pattern: /^[0-9-]{0,20}$/, message: 'เลขบัญชีใช้ได้เฉพาะตัวเลขและ - ไม่เกิน 20 ตัว' }]}
            >
              <Input maxLength={20} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item name="bank_acc_type" label={label('bank_acc_type')}>
              <Select options={opts(o?.bank_acc_type)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item name="branch_branch" label={label('branch_branch')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="ผู้ติดต่อฉุกเฉิน" className="form-section" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="emergency_name" label={label('emergency_name')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item name="emergency_phone" label={label('emergency_phone')} {...phoneItemProps}>
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item name="emergency_relation" label={label('emergency_relation')}>
              <Input maxLength={50} placeholder="เช่น บิดา มารดา คู่สมรส" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </>
  );
}
