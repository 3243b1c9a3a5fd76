/** The applicant's card on an application, with the dialog that edits the customer's profile. */
import { EditOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Modal } from 'antd';
import { formatNationalId } from '@khabkhi/thai';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { enterToNextProps } from '../../components/enterToNext';
import { phoneText } from '../../components/phoneField';
import type { BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { useRegisterOptions, type ApplicationDetail } from './api';
import { CustomerBlock, customerBody } from './CustomerBlock';
import { updateCustomerProfile } from './queries';

export function ApplicationCustomerCard({
  a,
  onSaved,
}: {
  a: ApplicationDetail;
  onSaved: (banner: BannerState) => void;
}) {
  const { can } = useSession();
  const { modal } = App.useApp();
  const opts = useRegisterOptions();
  const [editCustomer, setEditCustomer] = useState(false);
  const [customerForm] = Form.useForm();
  const c = a.customer;

  const saveCustomer = useMutation({
    mutationFn: (v: { customer: Record<string, unknown> }) =>
      updateCustomerProfile({ ...customerBody(v.customer), customer_id: a.customer_id }),
    onSuccess: (res) => {
      setEditCustomer(false);
      onSaved({ status: 'success', message: res.message });
    },
    onError: (e) => modal.error({ title: 'บันทึกไม่สำเร็จ', content: errorMessage(e) }),
  });

  return (
    <>
      <Card
        title="ผู้สมัคร"
        style={{ marginBottom: 16 }}
        extra={
          can('update', 'Customer') && (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                customerForm.setFieldsValue({ customer: c });
                setEditCustomer(true);
              }}
            >
              แก้ไข
            </Button>
          )
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'n', label: 'ชื่อ-นามสกุล', children: `${c.prefix}${c.fname} ${c.sname}` },
            {
              key: 'i',
              label: c.is_foreigner ? 'เลขหนังสือเดินทาง' : 'เลขบัตรประชาชน',
              children: c.is_foreigner ? c.idcard : formatNationalId(c.idcard),
            },
            {
              key: 'b',
              label: 'วันเกิด',
              children: c.birthday ? (
                <span>
                  <ThaiDate value={c.birthday} variant="long" />
                  {c.age !== null && c.age !== undefined ? ` (${c.age} ปี)` : ''}
                </span>
              ) : (
                '-'
              ),
            },
            {
              key: 'p',
              label: 'โทรศัพท์',
              children: [c.phone_1, c.phone_2].filter(Boolean).map(phoneText).join(', ') || '-',
            },
            {
              key: 'a',
              label: 'ที่อยู่',
              span: 2,
              children:
                [
                  c.address,
                  c.moo && `หมู่ ${c.moo}`,
                  c.soi && `ซ.${c.soi}`,
                  c.street && `ถ.${c.street}`,
                  c.subdistrict,
                  c.district,
                  c.province,
                  c.postcode,
                ]
                  .filter(Boolean)
                  .join(' ') || '-',
            },
          ]}
        />
      </Card>
      <Modal
        title="แก้ไขข้อมูลผู้สมัคร"
        open={editCustomer}
        width={1000}
        okText="บันทึก"
        cancelText="ยกเลิก"
        okButtonProps={{ loading: saveCustomer.isPending }}
        onCancel={() => setEditCustomer(false)}
        onOk={() => customerForm.submit()}
        destroyOnHidden
      >
        <Form
          form={customerForm}
          name="profile"
          layout="vertical"
          onFinish={(v) => saveCustomer.mutate(v)}
          {...enterToNextProps}
        >
          <CustomerBlock
            form={customerForm}
            prefixes={opts.data?.prefixes ?? []}
            cardPort={opts.data?.card_agent_port ?? 8189}
          />
        </Form>
      </Modal>
    </>
  );
}
