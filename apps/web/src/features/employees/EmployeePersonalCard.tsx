/** The employee's person: Thai or foreign ID, names in Thai and English, birthday, phones and e-mail. */
import { AutoComplete, Card, Col, Form, Input, Row, Switch, type FormInstance } from 'antd';
import type { EmployeeFormOptions } from '@khabkhi/contracts';
import { isValidThaiNationalId, normalizeNationalId } from '@khabkhi/thai';
import { phoneItemProps } from '../../components/phoneField';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { label } from '../../i18n/th';
import { opts, type FormValues } from './employeeForm';

export function EmployeePersonalCard({
  form,
  o,
}: {
  form: FormInstance<FormValues>;
  o: EmployeeFormOptions | undefined;
}) {
  const isForeigner = Form.useWatch('is_foreigner', form);
  return (
    <Card title="ข้อมูลส่วนตัว" className="form-section" style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name="is_foreigner" label={label('is_foreigner')} valuePropName="checked">
            <Switch
              checkedChildren="ต่างชาติ"
              unCheckedChildren="คนไทย"
              onChange={() => void form.validateFields(['idcard']).catch(() => undefined)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name="idcard"
            label={isForeigner ? 'เลขหนังสือเดินทาง / เลขประจำตัว' : label('idcard')}
            rules={[
              {
                validator: (_, v: string) => {
                  if (!v || isForeigner) return Promise.resolve();
                  return isValidThaiNationalId(normalizeNationalId(v))
                    ? Promise.resolve()
                    : Promise.reject(new Error('เลขบัตรประชาชนไม่ถูกต้อง (ต้องเป็นตัวเลข 13 หลักและหลักสุดท้ายตรงตามสูตรตรวจสอบ)'));
                },
              },
            ]}
          >
            <Input
              maxLength={20}
              inputMode={isForeigner ? 'text' : 'numeric'}
              placeholder={isForeigner ? '' : 'x-xxxx-xxxxx-xx-x'}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="birthday" label={label('birthday')}>
            <ThaiDatePicker />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="prefix" label={label('prefix')}>
            <AutoComplete options={opts(o?.prefix).map((x) => ({ value: String(x.value) }))} maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item
            name="fname"
            label={label('fname')}
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อ' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name="sname" label={label('sname')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="nickname" label={label('nickname')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="prefix_en" label={label('prefix_en')}>
            <AutoComplete options={['Mr.', 'Mrs.', 'Miss', 'Ms.'].map((value) => ({ value }))} maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name="fname_en" label={label('fname_en')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name="sname_en" label={label('sname_en')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6} />
        <Col xs={24} md={8}>
          <Form.Item name="phone_1" label={label('phone_1')} {...phoneItemProps}>
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone_2" label={label('phone_2')} {...phoneItemProps}>
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="email" label={label('email')} rules={[{ type: 'email', message: 'รูปแบบอีเมลไม่ถูกต้อง' }]}>
            <Input maxLength={200} inputMode="email" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
