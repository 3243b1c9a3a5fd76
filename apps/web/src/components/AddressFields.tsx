/**
 * The eight address fields (address, moo, soi, street, subdistrict, district, province, postcode)
 * for an antd Form. Subdistrict is an AutoComplete over the Thai address data, loaded lazily
 * (import('@khabkhi/thai/address')); picking a row fills subdistrict, district, province, postcode.
 */
import { AutoComplete, Col, Form, Input, Row } from 'antd';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { label } from '../i18n/th';

interface ThaiAddress {
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

let addressModule: Promise<typeof import('@khabkhi/thai/address')> | null = null;
const loadAddress = () => (addressModule ??= import('@khabkhi/thai/address'));

export interface AddressFieldsProps {
  form: FormInstance;
  /** Prefix of the field names (e.g. ['contact'] for nested); default top-level names. */
  namePrefix?: (string | number)[];
  disabled?: boolean;
}

export function AddressFields({ form, namePrefix = [], disabled }: AddressFieldsProps) {
  const [options, setOptions] = useState<{ value: string; label: string; row: ThaiAddress }[]>([]);
  const seq = useRef(0);
  const n = (f: string) => [...namePrefix, f];

  const onSearch = async (q: string) => {
    const my = ++seq.current;
    if (!q.trim()) return setOptions([]);
    const mod = await loadAddress();
    if (my !== seq.current) return;
    const rows = mod.searchAddress(q, 15);
    setOptions(
      rows.map((r, i) => ({
        value: `${r.subdistrict}|${r.district}|${r.province}|${r.postcode}|${i}`,
        label: `${r.subdistrict} › ${r.district} › ${r.province} ${r.postcode}`,
        row: r,
      })),
    );
  };

  const onSelect = (_: string, opt: { row: ThaiAddress }) => {
    const r = opt.row;
    form.setFieldValue(n('subdistrict'), r.subdistrict);
    form.setFieldValue(n('district'), r.district);
    form.setFieldValue(n('province'), r.province);
    form.setFieldValue(n('postcode'), r.postcode);
    setOptions([]);
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={n('address')} label={`${label('address')} (เลขที่ / อาคาร)`}>
            <Input maxLength={200} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={n('moo')} label={label('moo')}>
            <Input maxLength={20} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={16} md={8}>
          <Form.Item name={n('soi')} label={label('soi')}>
            <Input maxLength={100} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={n('street')} label={label('street')}>
            <Input maxLength={100} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={n('subdistrict')}
            label={label('subdistrict')}
            extra="พิมพ์ชื่อตำบล อำเภอ จังหวัด หรือรหัสไปรษณีย์ แล้วเลือกจากรายการ"
          >
            <AutoComplete
              options={options}
              onSearch={onSearch}
              onSelect={onSelect as never}
              onFocus={() => void loadAddress()}
              disabled={disabled}
              popupMatchSelectWidth={420}
              placeholder="เช่น ลาดยาว จตุจักร"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={n('district')} label={label('district')}>
            <Input maxLength={100} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name={n('province')} label={label('province')}>
            <Input maxLength={100} disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={n('postcode')}
            label={label('postcode')}
            rules={[{ pattern: /^(\d{5})?$/, message: 'รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก' }]}
          >
            <Input maxLength={5} inputMode="numeric" disabled={disabled} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

export const ADDRESS_KEYS = [
  'address',
  'moo',
  'soi',
  'street',
  'subdistrict',
  'district',
  'province',
  'postcode',
] as const;
