/** The customer block of the registration and fee forms: ID lookup, ID-card reader, names, birthday/age, address, phones. */
import { SearchOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Col, Form, Input, Row, Space, Switch, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { birthdayProblem, isValidThaiNationalId, todayBangkok } from '@khabkhi/thai';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { AddressFields } from '../../components/AddressFields';
import { IdCardButton } from '../../components/IdCardButton';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import type { Customer, LimitedCustomer } from './api';
import { ageText } from './ageRules';
import { checkCustomer, confirmCustomer } from './queries';

/** Name limits of the API (customers: prefix 30, names 100): shown as a count, refused with a message, never cut. */
export const NAME_LIMITS = { prefix: 30, fname: 100, sname: 100 } as const;
const tooLong = (what: string, max: number) => ({ max, message: `${what}ยาวเกิน ${max} ตัวอักษร กรุณาย่อให้สั้นลง` });

import { phoneItemProps } from '../../components/phoneField';

export function CustomerBlock({
  form,
  prefixes,
  cardPort,
  disabled,
}: {
  form: FormInstance;
  prefixes: string[];
  cardPort: number;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [found, setFound] = useState<'new' | 'found' | null>(null);
  const [looking, setLooking] = useState(false);
  const fromCard = useRef(false);
  const foreigner = Form.useWatch(['customer', 'is_foreigner'], form) as boolean | undefined;
  const birthday = Form.useWatch(['customer', 'birthday'], form) as string | null | undefined;
  const [limited, setLimited] = useState<LimitedCustomer | null>(null);
  const [confirming, setConfirming] = useState(false);

  const fillFound = (c: Customer) => {
    const { age: _a, name: _n, limited: _l, ...fields } = c as Customer & Record<string, unknown>;
    form.setFieldsValue({ customer: { ...fields, birthday: c.birthday ?? null } });
    setLimited(null);
    setFound('found');
  };

  /** Another branch's customer: the birthday on the ID card releases the whole record (customer/confirm). */
  const confirmIdentity = async (who: LimitedCustomer, birthdayOnCard: string | null | undefined) => {
    if (!birthdayOnCard) {
      message.warning('กรอกวันเกิดตามบัตรประชาชนของลูกค้าในช่องวันเกิดก่อน แล้วกด ยืนยันตัวตน');
      document.querySelector<HTMLInputElement>('#customer_birthday')?.focus();
      return;
    }
    setConfirming(true);
    try {
      const c = await confirmCustomer({
        idcard: who.idcard,
        is_foreigner: who.is_foreigner,
        birthday: birthdayOnCard,
      });
      fillFound(c.data);
      message.success(`ยืนยันตัวตนแล้ว: ${c.data.prefix}${c.data.fname} ${c.data.sname}`);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'ยืนยันตัวตนไม่สำเร็จ');
    } finally {
      setConfirming(false);
    }
  };

  const lookup = async () => {
    const idcard = String(form.getFieldValue(['customer', 'idcard']) ?? '').replace(/[\s-]/g, '');
    if (!idcard || (!foreigner && !isValidThaiNationalId(idcard))) return;
    setLooking(true);
    try {
      const c = await checkCustomer(idcard, !!foreigner);
      if (c && 'limited' in c && c.limited) {
        // another branch's customer: only the name until the ID card is checked
        form.setFieldsValue({
          customer: { customer_id: c.customer_id, prefix: c.prefix, fname: c.fname, sname: c.sname },
        });
        setLimited(c);
        setFound('found');
        const cardBirthday = form.getFieldValue(['customer', 'birthday']) as string | null;
        if (cardBirthday && fromCard.current) void confirmIdentity(c, cardBirthday);
      } else if (c && c.customer_id) {
        fillFound(c as Customer);
        message.success(`พบข้อมูลลูกค้าเดิม: ${c.prefix}${c.fname} ${c.sname}`);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        setFound('new');
        setLimited(null);
        form.setFieldValue(['customer', 'customer_id'], undefined);
      }
    } finally {
      setLooking(false);
      fromCard.current = false;
    }
  };

  return (
    <>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={4}>
          <Form.Item name={['customer', 'is_foreigner']} label="ชาวต่างชาติ" valuePropName="checked">
            <Switch checkedChildren="ใช่" unCheckedChildren="ไม่ใช่" disabled={disabled} onChange={() => setFound(null)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['customer', 'idcard']}
            label={foreigner ? 'เลขหนังสือเดินทาง' : 'เลขบัตรประชาชน'}
            extra={
              found === 'found' && limited ? (
                <Tag color="gold">ลูกค้าของสาขาอื่น — ยืนยันตัวตนก่อน</Tag>
              ) : found === 'found' ? (
                <Tag color="green">ลูกค้าเดิม — ดึงข้อมูลแล้ว</Tag>
              ) : found === 'new' ? (
                <Tag color="blue">ลูกค้าใหม่</Tag>
              ) : (
                'พิมพ์เลขแล้วกด Enter เพื่อค้นหาลูกค้าเดิม'
              )
            }
            normalize={(v: string) => (foreigner ? v.toUpperCase() : v.replace(/[^\d]/g, '').slice(0, 13))}
            rules={[
              { required: true, message: foreigner ? 'กรุณากรอกเลขหนังสือเดินทาง' : 'กรุณากรอกเลขบัตรประชาชน 13 หลัก' },
              {
                validator: (_, v: string) =>
                  foreigner || !v || isValidThaiNationalId(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error('เลขบัตรประชาชนไม่ถูกต้อง (ตรวจสอบหลักสุดท้ายไม่ผ่าน)')),
              },
            ]}
          >
            <Input
              autoFocus
              maxLength={20}
              inputMode={foreigner ? 'text' : 'numeric'}
              onBlur={() => void lookup()}
              onPressEnter={() => void lookup()}
              suffix={
                <Button
                  type="text"
                  size="small"
                  icon={<SearchOutlined />}
                  loading={looking}
                  onClick={() => void lookup()}
                  aria-label="ค้นหาลูกค้าเดิม"
                  tabIndex={-1}
                />
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label=" ">
            <Space>
              <IdCardButton
                port={cardPort}
                disabled={disabled}
                onRead={(f) => {
                  form.setFieldsValue({
                    customer: {
                      is_foreigner: false,
                      prefix: f.prefix,
                      fname: f.fname,
                      sname: f.sname,
                      idcard: f.idcard,
                      birthday: f.birthday,
                      address: f.address,
                      moo: f.moo,
                      soi: f.soi,
                      street: f.street,
                      province: f.province,
                      district: f.district,
                      subdistrict: f.subdistrict,
                    },
                  });
                  setFound(null);
                  fromCard.current = true; // the card's birthday confirms another branch's customer at once
                  void lookup();
                  // the card has no postcode: take it from the Thai address data when the place is known
                  void import('@khabkhi/thai/address').then((m) => {
                    const pc = m.postcodeOf(f.province, f.district, f.subdistrict);
                    if (pc) form.setFieldValue(['customer', 'postcode'], pc);
                  });
                }}
              />
            </Space>
          </Form.Item>
        </Col>
        <Form.Item name={['customer', 'customer_id']} hidden>
          <Input />
        </Form.Item>
      </Row>
      {limited && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="limited-customer"
          title={`ลูกค้าเดิมของ${limited.branch_name}: ${limited.name}${limited.phone_masked ? ` · โทร. ${limited.phone_masked}` : ''}`}
          description={
            <>
              เพื่อความเป็นส่วนตัวของลูกค้า ที่อยู่และเบอร์โทรจะแสดงเมื่อยืนยันตัวตนแล้ว: ตรวจบัตรประชาชนของลูกค้า กรอกวันเกิดตามบัตรในช่องวันเกิด
              แล้วกด <b>ยืนยันตัวตน</b> (หรืออ่านบัตรด้วยเครื่องอ่านบัตร)
            </>
          }
          action={
            <Button
              type="primary"
              loading={confirming}
              onClick={() =>
                void confirmIdentity(limited, form.getFieldValue(['customer', 'birthday']) as string | null)
              }
            >
              ยืนยันตัวตน
            </Button>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={3}>
          <Form.Item name={['customer', 'prefix']} label="คำนำหน้า" rules={[tooLong('คำนำหน้า', NAME_LIMITS.prefix)]}>
            <AutoComplete
              options={prefixes.map((p) => ({ value: p }))}
              filterOption={(i, o) => String(o?.value ?? '').startsWith(i)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={['customer', 'fname']}
            label="ชื่อ"
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อ' }, tooLong('ชื่อ', NAME_LIMITS.fname)]}
          >
            <Input count={{ show: (c) => c.count > NAME_LIMITS.fname * 0.8, max: NAME_LIMITS.fname }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={['customer', 'sname']} label="นามสกุล" rules={[tooLong('นามสกุล', NAME_LIMITS.sname)]}>
            <Input count={{ show: (c) => c.count > NAME_LIMITS.sname * 0.8, max: NAME_LIMITS.sname }} />
          </Form.Item>
        </Col>
        <Col xs={16} md={6}>
          <Form.Item
            name={['customer', 'birthday']}
            label="วันเกิด"
            rules={[
              {
                validator: (_, v: string | null) => {
                  const p = birthdayProblem(v, todayBangkok());
                  return p ? Promise.reject(new Error(p)) : Promise.resolve();
                },
              },
            ]}
          >
            <ThaiDatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} md={3}>
          <Form.Item label="อายุ">
            <Input value={ageText(birthday)} readOnly tabIndex={-1} aria-label="อายุ" />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields form={form} namePrefix={['customer']} disabled={disabled} />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name={['customer', 'phone_1']} label="เบอร์โทรศัพท์" {...phoneItemProps}>
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={['customer', 'phone_2']} label="เบอร์โทรศัพท์สำรอง" {...phoneItemProps}>
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

export const BLANK_CUSTOMER: Customer = {
  is_foreigner: false,
  prefix: '',
  fname: '',
  sname: '',
  idcard: '',
  birthday: null,
  address: '',
  moo: '',
  soi: '',
  street: '',
  subdistrict: '',
  district: '',
  province: '',
  postcode: '',
  phone_1: '',
  phone_2: '',
};

/** The customer fields the API accepts (drops display-only fields). */
export function customerBody(c: Partial<Customer>): Customer {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(BLANK_CUSTOMER) as (keyof Customer)[]) {
    const v = c[k];
    out[k] = k === 'is_foreigner' ? !!v : k === 'birthday' ? v || null : typeof v === 'string' ? v.trim() : (v ?? '');
  }
  if (c.customer_id) out.customer_id = c.customer_id;
  return out as Customer;
}
