/**
 * Where a course, promotion or fee is offered: every branch (school-wide — a new branch offers it at
 * once), chosen branches, or one branch only; and, for courses and fees, a branch's own price where it differs.
 * Plugged into CrudDetail as its custom section; the rules are the server's (modules/catalog/offer.ts).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Radio, Row, Select, Space, Typography } from 'antd';
import { useSession } from '../../api/useSession';
import type { CrudDetailProps, FieldOption } from '../../components/CrudDetail';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';

type Scope = 'all' | 'some' | 'branch';
interface ScopeValues {
  scope?: Scope;
  branch_id?: number | null;
  branch_ids?: number[];
  branch_prices?: { branch_id?: number; price?: string }[];
}

/** Form values → the API's branch_id / branch_ids / branch_prices. */
export function scopeToBody(v: ScopeValues, priced: boolean): Record<string, unknown> {
  const prices = priced
    ? {
        branch_prices: (v.branch_prices ?? [])
          .filter((p) => p.branch_id && p.price)
          .map((p) => ({ branch_id: p.branch_id, price: p.price })),
      }
    : {};
  if (v.scope === 'branch')
    return { branch_id: v.branch_id, branch_ids: null, ...(priced ? { branch_prices: [] } : {}) };
  if (v.scope === 'some') return { branch_id: null, branch_ids: v.branch_ids ?? [], ...prices };
  return { branch_id: null, branch_ids: null, ...prices };
}

/** A record → the form's scope values. */
export function scopeFromRecord(r: {
  branch_id?: number | null;
  branch_ids?: number[] | null;
  branch_prices?: { branch_id: number; price: string }[];
}): ScopeValues {
  return {
    scope: r.branch_id != null ? 'branch' : r.branch_ids ? 'some' : 'all',
    branch_id: r.branch_id ?? undefined,
    branch_ids: r.branch_ids ?? [],
    branch_prices: (r.branch_prices ?? []).map((p) => ({ branch_id: p.branch_id, price: p.price })),
  };
}

function ScopeSection({
  branches,
  priced,
  schoolWide,
}: {
  branches: FieldOption[];
  priced: boolean;
  schoolWide: boolean;
}) {
  const form = Form.useFormInstance();
  const scope = Form.useWatch('scope', form) as Scope | undefined;
  const opts = branches.map((b) => ({ label: b.label, value: b.value as number }));
  return (
    <Card title="สาขาที่เปิด" className="form-section" style={{ marginBottom: 16 }}>
      <Form.Item
        name="scope"
        label="เปิดที่"
        extra={
          schoolWide
            ? 'ทุกสาขา: สาขาที่เปิดใหม่ก็มีรายการนี้ทันที · รายการของทุกสาขาแก้ไขได้เฉพาะสำนักงานใหญ่'
            : 'รายการของทุกสาขาเพิ่มหรือแก้ไขได้เฉพาะสำนักงานใหญ่'
        }
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { label: 'ทุกสาขา', value: 'all', disabled: !schoolWide },
            { label: 'เฉพาะบางสาขา', value: 'some', disabled: !schoolWide },
            { label: 'สาขาเดียว', value: 'branch' },
          ]}
        />
      </Form.Item>
      {scope === 'branch' && (
        <Form.Item name="branch_id" label="สาขา" rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}>
          <Select options={opts} placeholder="เลือกสาขา" style={{ maxWidth: 360 }} />
        </Form.Item>
      )}
      {scope === 'some' && (
        <Form.Item
          name="branch_ids"
          label="สาขาที่เปิด"
          rules={[{ required: true, type: 'array', min: 1, message: 'เลือกอย่างน้อย 1 สาขา' }]}
        >
          <Select mode="multiple" options={opts} placeholder="เลือกสาขา" />
        </Form.Item>
      )}
      {priced && scope !== 'branch' && (
        <Form.List name="branch_prices">
          {(rows, { add, remove }) => (
            <>
              <Typography.Text strong>ราคาเฉพาะสาขา</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                เว้นว่างได้ — สาขาที่ไม่ระบุใช้ราคาด้านบน
              </Typography.Paragraph>
              {rows.map((row) => (
                <Row key={row.key} gutter={12} align="bottom">
                  <Col xs={14} md={10}>
                    <Form.Item
                      name={[row.name, 'branch_id']}
                      label="สาขา"
                      rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}
                    >
                      <Select options={opts} placeholder="เลือกสาขา" />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={6}>
                    <Form.Item name={[row.name, 'price']} label="ราคาที่สาขานี้" rules={[moneyRule('ราคาที่สาขานี้', true)]}>
                      <MoneyInput />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2}>
                    <Form.Item label=" ">
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(row.name)}
                        aria-label="ลบราคาเฉพาะสาขา"
                        tabIndex={-1}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Space>
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={!schoolWide}>
                  เพิ่มราคาเฉพาะสาขา
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      )}
    </Card>
  );
}

/** CrudDetail's custom section for a catalog item (priced: courses and fees have branch prices). */
export function useCatalogScope(branches: FieldOption[], priced: boolean): NonNullable<CrudDetailProps['custom']> {
  const { user } = useSession();
  const schoolWide = !!user?.all_branches;
  return {
    section: <ScopeSection branches={branches} priced={priced} schoolWide={schoolWide} />,
    blank: schoolWide
      ? { scope: 'all', branch_ids: [], branch_prices: [] }
      : { scope: 'branch', branch_id: user?.branch_id, branch_ids: [], branch_prices: [] },
    fromRecord: (r) => scopeFromRecord(r),
    toBody: (v) => scopeToBody(v, priced),
    readOnly: (r) =>
      r.branch_id === null && !schoolWide
        ? 'รายการนี้เปิดให้ทุกสาขา (กำหนดโดยสำนักงานใหญ่) สาขาดูได้แต่แก้ไขไม่ได้ หากต้องการเปลี่ยนให้ติดต่อสำนักงานใหญ่'
        : null,
  };
}
