/**
 * The cockpit's tiles. Each is a card that opens the list it summarises, with the same filters in the URL
 * (the server gives each tile its link), so what the owner clicks shows the rows behind the figure.
 */
import { ArrowRightOutlined, FallOutlined, RiseOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Progress, Statistic, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DashboardLink } from '@khabkhi/contracts';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { ThaiDate, thaiDate } from '../../components/ThaiDate';
import type { Dashboard } from './queries';
import { changeText, EXAM_KIND, hoursText, hrefOf, passRate, PAYROLL_COLOR, percentChange, seatShare } from './format';

const { Text } = Typography;

/** 26 พ.ย. — the year of the next two weeks goes without saying */
const dayMonth = (iso: string) => thaiDate(iso).replace(/\s\d{4}$/, '');

/** A card that opens its list: the whole card is clickable, and "ดูรายการ" is a real link for the keyboard. */
export function Tile({
  title,
  link,
  children,
  linkText = 'ดูรายการ',
}: {
  title: ReactNode;
  link: DashboardLink;
  children: ReactNode;
  linkText?: string;
}) {
  const navigate = useNavigate();
  const href = hrefOf(link);
  return (
    <Card
      size="small"
      hoverable
      title={title}
      style={{ height: '100%' }}
      extra={
        <Link to={href} onClick={(e) => e.stopPropagation()}>
          {linkText} <ArrowRightOutlined />
        </Link>
      }
      onClick={(e) => {
        // a click on an inner link (a row of the tile) goes where that link points
        if ((e.target as HTMLElement).closest('a')) return;
        navigate(href);
      }}
    >
      {children}
    </Card>
  );
}

function Change({ now, before }: { now: string; before: string }) {
  const pct = percentChange(now, before);
  const color = pct === null || pct === 0 ? undefined : pct > 0 ? '#1f9d6b' : '#cf1322';
  return (
    <Text style={{ color }} type={pct === null ? 'secondary' : undefined}>
      {pct !== null && pct > 0 && <RiseOutlined />} {pct !== null && pct < 0 && <FallOutlined />} {changeText(pct)}
    </Text>
  );
}

type Period = Dashboard['takings']['today'];

/** Net takings of a period (cash, transfer, refunds apart) against the same days of last month. */
export function TakingsTile({ title, p }: { title: string; p: Period }) {
  return (
    <Tile title={title} link={p.link}>
      <Statistic value={formatMoney(p.current.net)} suffix="บาท" />
      <Flex gap={6} wrap style={{ margin: '4px 0 8px' }}>
        <Change now={p.current.net} before={p.previous.net} />
        <Text type="secondary">
          เทียบ <ThaiDate value={p.previous_start} />
          {p.previous_end !== p.previous_start && (
            <>
              {' '}
              – <ThaiDate value={p.previous_end} />
            </>
          )}{' '}
          (<MoneyText value={p.previous.net} />)
        </Text>
      </Flex>
      <Flex gap={16} wrap>
        <span>
          เงินสด <MoneyText value={p.current.cash_in} />
        </span>
        <span>
          โอน <MoneyText value={p.current.transfer_in} />
        </span>
        <span>
          คืนเงิน <MoneyText value={p.current.refunds} />
        </span>
      </Flex>
    </Tile>
  );
}

export function RegistrationsTile({ r }: { r: Dashboard['registrations'] }) {
  return (
    <Tile title="ผู้สมัครเรียนใหม่" link={r.month_link}>
      <Flex gap={24} wrap>
        <Link to={hrefOf(r.today_link)}>
          <Statistic title="วันนี้" value={r.today} suffix="ราย" />
        </Link>
        <Link to={hrefOf(r.month_link)}>
          <Statistic title="เดือนนี้" value={r.month} suffix="ราย" />
        </Link>
      </Flex>
    </Tile>
  );
}

export function OwingTile({ r }: { r: Dashboard['registrations'] }) {
  return (
    <Tile title="ยอดค้างชำระ" link={r.owing_link}>
      <Statistic value={formatMoney(r.owing_balance)} suffix="บาท" />
      <Text type="secondary">{r.owing_count.toLocaleString('th-TH')} ใบสมัครที่ยังค้างชำระ</Text>
    </Tile>
  );
}

export function ExamsTile({ e, branchColumn }: { e: Dashboard['exams']; branchColumn: boolean }) {
  return (
    <Tile
      title={
        <>
          รอบสอบ 14 วันข้างหน้า <Text type="secondary">({e.sessions} รอบ)</Text>
        </>
      }
      link={e.link}
      linkText="ปฏิทินสอบ"
    >
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <Progress type="circle" size={56} percent={seatShare(e.booked, e.seats)} />
        <span>
          จองแล้ว <strong>{e.booked.toLocaleString('th-TH')}</strong> จาก {e.seats.toLocaleString('th-TH')} ที่นั่ง
        </span>
      </Flex>
      {e.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="ไม่มีรอบสอบในช่วงนี้" />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="session_id"
          dataSource={e.items.slice(0, 6)}
          tableLayout="fixed"
          columns={[
            {
              title: 'วันสอบ',
              key: 'd',
              width: 118,
              render: (_, s) => (
                <Link to={`/exams/sessions/${s.session_id}`} style={{ whiteSpace: 'nowrap' }}>
                  {dayMonth(s.exam_date)} {s.start_time}
                </Link>
              ),
            },
            {
              title: 'การสอบ',
              key: 'k',
              ellipsis: true,
              render: (_, s) => `${EXAM_KIND[s.exam_kind] ?? s.exam_kind} · ${s.course_type}`,
            },
            ...(branchColumn ? [{ title: 'สาขา', dataIndex: 'branch_name', ellipsis: true }] : []),
            { title: 'ที่นั่ง', key: 's', align: 'right', width: 64, render: (_, s) => `${s.booked}/${s.capacity}` },
          ]}
        />
      )}
    </Tile>
  );
}

type Rate = Dashboard['pass_rate']['total'];
function RateCell({ passed, sat }: { passed: number; sat: number }) {
  const r = passRate(passed, sat);
  if (r === null) return <Text type="secondary">-</Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={`ผ่าน ${passed} จาก ${sat} คน`}>
      {r}%{' '}
      <Text type="secondary">
        ({passed}/{sat})
      </Text>
    </span>
  );
}

export function PassRateTile({ p }: { p: Dashboard['pass_rate'] }) {
  const rows = [
    ...p.branches.map((r) => ({ ...r, group: 'สาขา' })),
    ...p.examiners.map((r) => ({ ...r, group: 'ผู้คุมสอบ' })),
  ];
  return (
    <Tile title="สอบผ่านครั้งแรก (90 วัน)" link={p.link} linkText="ปฏิทินสอบ">
      <Flex gap={24} wrap style={{ marginBottom: 8 }}>
        <Statistic
          title="ภาคทฤษฎี"
          value={passRate(p.total.theory_passed, p.total.theory_sat) ?? '-'}
          suffix={p.total.theory_sat ? '%' : undefined}
        />
        <Statistic
          title="ภาคปฏิบัติ"
          value={passRate(p.total.practical_passed, p.total.practical_sat) ?? '-'}
          suffix={p.total.practical_sat ? '%' : undefined}
        />
      </Flex>
      <Table<Rate & { group: string }>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.group}-${r.key}`}
        dataSource={rows}
        locale={{ emptyText: 'ยังไม่มีผลสอบในช่วงนี้' }}
        scroll={{ x: true }}
        columns={[
          {
            title: 'สาขา / ผู้คุมสอบ',
            key: 'name',
            render: (_, r) => (
              <>
                <Text type="secondary" style={{ fontSize: 12 }}>
                  {r.group}
                </Text>
                <div>{r.name}</div>
              </>
            ),
          },
          {
            title: 'ทฤษฎี',
            key: 't',
            align: 'right',
            render: (_, r) => <RateCell passed={r.theory_passed} sat={r.theory_sat} />,
          },
          {
            title: 'ปฏิบัติ',
            key: 'p',
            align: 'right',
            render: (_, r) => <RateCell passed={r.practical_passed} sat={r.practical_sat} />,
          },
        ]}
      />
    </Tile>
  );
}

export function VehiclesTile({ v }: { v: Dashboard['vehicles'] }) {
  return (
    <Tile title={`รถครบกำหนดภายใน ${v.days} วัน`} link={v.link}>
      <Flex align="center" gap={12} wrap>
        <Statistic value={v.total} suffix="รายการ" />
        {v.overdue > 0 && <Tag color="red">เลยกำหนดแล้ว {v.overdue} รายการ</Tag>}
      </Flex>
      {v.items.map((d) => (
        <Flex key={`${d.vehicle_id}-${d.kind}`} justify="space-between" gap={8} style={{ padding: '2px 0' }}>
          <Link
            to={`/vehicles/${d.vehicle_id}`}
            title={`${d.no} ${d.province}`}
            style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {d.no} {d.province}
          </Link>
          <span style={{ whiteSpace: 'nowrap' }}>
            {d.kind_name}{' '}
            <Tag color={d.overdue ? 'red' : d.days_left <= 7 ? 'orange' : 'gold'}>
              {d.overdue ? `เลย ${-d.days_left} วัน` : `อีก ${d.days_left} วัน`}
            </Tag>
          </span>
        </Flex>
      ))}
    </Tile>
  );
}

export function PayrollTile({ p }: { p: NonNullable<Dashboard['payroll']> }) {
  return (
    <Tile title="เงินเดือนประจำเดือน" link={{ path: '/payroll', query: { month: p.month } }}>
      {p.branches.map((b) => (
        <Flex key={b.branch_id} justify="space-between" gap={8} style={{ padding: '2px 0' }}>
          <Link to={hrefOf(b.link)}>{b.branch_name}</Link>
          <span>
            <Tag color={PAYROLL_COLOR[b.status] ?? 'default'}>{b.status_name}</Tag>
            {b.status !== 'none' && <MoneyText value={b.net} />}
          </span>
        </Flex>
      ))}
    </Tile>
  );
}

export function CashCloseTile({ c }: { c: Dashboard['cash_close'] }) {
  return (
    <Tile title="วันที่ยังไม่ปิดยอด (14 วันก่อน)" link={c.link} linkText="ปิดยอด">
      <Statistic value={c.total} suffix="วัน" styles={{ content: { color: c.total ? '#cf1322' : '#1f9d6b' } }} />
      {c.days.length === 0 ? (
        <Text type="secondary">ปิดยอดครบทุกวันที่มีการรับชำระ</Text>
      ) : (
        c.days.slice(0, 8).map((d) => (
          <Flex key={`${d.branch_id}-${d.date}`} justify="space-between" gap={8}>
            <Link to={hrefOf(d.link)}>
              <ThaiDate value={d.date} />
            </Link>
            <Text type="secondary">{d.branch_name}</Text>
          </Flex>
        ))
      )}
    </Tile>
  );
}

type Use = NonNullable<Dashboard['lessons']>['instructors'][number];

function UseRows({ rows, empty }: { rows: Use[]; empty: string }) {
  if (!rows.length) return <Text type="secondary">{empty}</Text>;
  return (
    <>
      {rows.slice(0, 6).map((r) => (
        <div key={r.key}>
          <Flex justify="space-between" gap={8}>
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {r.name}
            </span>
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {hoursText(r.booked_minutes)} / {hoursText(r.available_minutes)} ชม.
            </Text>
          </Flex>
          <Progress percent={seatShare(r.booked_minutes, r.available_minutes)} size="small" />
        </div>
      ))}
    </>
  );
}

/** Instructors and vehicles booked against their hours of the week (no list of its own yet: a plain card). */
export function LessonsTile({ l }: { l: NonNullable<Dashboard['lessons']> }) {
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <>
          การใช้งานครูฝึกและรถฝึก{' '}
          <Text type="secondary">
            (<ThaiDate value={l.start} /> – <ThaiDate value={l.end} />)
          </Text>
        </>
      }
    >
      <Flex gap={24} wrap>
        <div style={{ flex: '1 1 260px' }}>
          <Text strong>ครูฝึก</Text>
          <UseRows rows={l.instructors} empty="ยังไม่มีชั่วโมงสอนในสัปดาห์นี้" />
        </div>
        <div style={{ flex: '1 1 260px' }}>
          <Text strong>รถฝึก</Text>
          <UseRows rows={l.vehicles} empty="ยังไม่มีการจองรถฝึกในสัปดาห์นี้" />
        </div>
      </Flex>
    </Card>
  );
}
