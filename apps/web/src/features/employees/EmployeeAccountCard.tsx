/** The employee's user account: photo, username, status, password, role and branch. */
import { Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import type { EmployeeFormOptions } from '@khabkhi/contracts';
import { PhotoField } from '../../components/PhotoField';
import { label } from '../../i18n/th';
import { opts } from './employeeForm';

export function EmployeeAccountCard({ isNew, o }: { isNew: boolean; o: EmployeeFormOptions | undefined }) {
  return (
    <Card title="บัญชีผู้ใช้" className="form-section" style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        <Col xs={24} lg={8}>
          <Form.Item name="photo" label={label('photo')}>
            <PhotoField />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="username"
                label={label('username')}
                extra="อักษรอังกฤษ ตัวเลข . _ - 3–50 ตัว"
                rules={[
                  { required: true, message: 'กรุณากรอกชื่อผู้ใช้' },
                  {
                    pattern: /^[A-Za-z0-9._-]{3,50}$/,
                    message: 'ชื่อผู้ใช้ใช้ได้เฉพาะอักษรอังกฤษ ตัวเลข . _ - ความยาว 3–50 ตัว',
                  },
                ]}
              >
                <Input autoFocus autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="status" label={label('status')}>
                <Radio.Group options={opts(o?.status)} optionType="button" buttonStyle="solid" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={isNew ? label('password') : 'ตั้งรหัสผ่านใหม่'}
                extra={isNew ? 'อย่างน้อย 8 ตัวอักษร' : 'เว้นว่างไว้หากไม่ต้องการเปลี่ยนรหัสผ่าน'}
                rules={[
                  { required: isNew, message: 'กรุณากำหนดรหัสผ่าน' },
                  { min: 8, message: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร' },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="password_confirm"
                label="ยืนยันรหัสผ่าน"
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v) =>
                      (getFieldValue('password') || '') === (v || '')
                        ? Promise.resolve()
                        : Promise.reject(new Error('รหัสผ่านทั้งสองช่องไม่ตรงกัน')),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="role_id" label={label('role_id')} rules={[{ required: true, message: 'กรุณาเลือกบทบาท' }]}>
                <Select
                  options={(o?.role ?? []).map((r) => ({ label: r.name, value: r.role_id }))}
                  placeholder="เลือกบทบาท"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="branch_id"
                label={label('branch_id')}
                rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}
              >
                <Select
                  options={(o?.branch ?? []).map((b) => ({ label: b.name, value: b.branch_id }))}
                  placeholder="เลือกสาขา"
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      </Row>
    </Card>
  );
}
