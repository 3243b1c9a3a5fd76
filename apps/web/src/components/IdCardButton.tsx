/**
 * "อ่านบัตรประชาชน": reads the Thai national ID card through the card agent on this PC
 * (http://127.0.0.1:<port>/readCard, see apps/card-agent) and hands the form the SPEC §3 fields.
 */
import { IdcardOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

export interface CardReaderResult {
  result: string;
  message?: string;
  title_th?: string;
  fname_th?: string;
  sname_th?: string;
  nat_id?: string;
  birthdate?: string;
  address_no?: string;
  address_moo?: string;
  address_soi?: string;
  address_road?: string;
  address_street?: string;
  address_provinice?: string;
  address_amphor?: string;
  address_tumbol?: string;
}

export interface IdCardFields {
  prefix: string;
  fname: string;
  sname: string;
  name: string;
  idcard: string;
  birthday: string | null;
  address: string;
  moo: string;
  soi: string;
  street: string;
  province: string;
  district: string;
  subdistrict: string;
  age: null;
}

/**
 * SPEC §3 Card reader result → the customer fields (age is cleared: it follows from the birthday).
 * The agent also splits address_road into address_moo / address_soi / address_street; those win when present.
 */
export function mapCard(r: CardReaderResult): IdCardFields {
  const fname = (r.fname_th ?? '').trim();
  const sname = (r.sname_th ?? '').trim();
  return {
    prefix: (r.title_th ?? '').trim(),
    fname,
    sname,
    name: `${fname} ${sname}`.trim(),
    idcard: (r.nat_id ?? '').replace(/\D/g, ''),
    birthday: r.birthdate && /^(19|20)\d{2}-\d{2}-\d{2}$/.test(r.birthdate) ? r.birthdate : null,
    address: (r.address_no ?? '').trim(),
    moo: (r.address_moo ?? '').trim(),
    soi: (r.address_soi ?? '').trim(),
    street: (r.address_street ?? r.address_road ?? '').trim(),
    province: (r.address_provinice ?? '').trim(),
    district: (r.address_amphor ?? '').trim(),
    subdistrict: (r.address_tumbol ?? '').trim(),
    age: null,
  };
}

export class CardAgentUnavailable extends Error {}

export async function readIdCard(port: number, timeoutMs = 8000): Promise<CardReaderResult> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readCard`, { signal: ctrl.signal });
    return (await res.json()) as CardReaderResult;
  } catch {
    throw new CardAgentUnavailable('ไม่พบโปรแกรมอ่านบัตรบนเครื่องนี้');
  } finally {
    clearTimeout(timer);
  }
}

export function IdCardButton({
  port,
  onRead,
  disabled,
}: {
  port: number;
  onRead: (f: IdCardFields) => void;
  disabled?: boolean;
}) {
  const { message, notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const read = async () => {
    setBusy(true);
    try {
      const r = await readIdCard(port);
      if (r.result === 'ok') {
        onRead(mapCard(r));
        message.success('อ่านข้อมูลจากบัตรประชาชนเรียบร้อยแล้ว');
      } else {
        message.error(r.message || 'อ่านบัตรไม่สำเร็จ กรุณาเสียบบัตรใหม่แล้วลองอีกครั้ง');
      }
    } catch {
      notification.error({
        title: 'ไม่พบโปรแกรมอ่านบัตรประชาชน',
        // the notification renders outside the router: navigate from here instead of a <Link>
        description: (
          <span>
            โปรแกรมอ่านบัตร (พอร์ต {port}) ยังไม่ทำงานบนเครื่องนี้{' '}
            <a
              href="/help/card-agent"
              onClick={(e) => {
                e.preventDefault();
                navigate('/help/card-agent');
              }}
            >
              ดูวิธีติดตั้ง
            </a>
          </span>
        ),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<IdcardOutlined />} loading={busy} disabled={disabled} onClick={() => void read()}>
      อ่านบัตรประชาชน
    </Button>
  );
}
