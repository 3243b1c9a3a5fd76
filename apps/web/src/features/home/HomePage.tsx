import { ArrowRightOutlined, EnvironmentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { fullName } from '../../app/AppLayout';
import { allowedNav, NAV_GROUPS } from '../../app/navigation';
import { useSession } from '../../app/useSession';
import { PhotoAvatar } from '../../components/AuthImage';
import { ThaiDate } from '../../components/ThaiDate';
import { todayBangkok } from '@khabkhi/thai';
import { settingsKeys } from '../../api/queryKeys';

function greeting(): string {
  const h = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hour12: false, timeZone: 'Asia/Bangkok' }).format(new Date()));
  if (h < 12) return 'สวัสดีตอนเช้า';
  if (h < 17) return 'สวัสดีตอนบ่าย';
  return 'สวัสดีตอนเย็น';
}

export function HomePage() {
  const { user, ability } = useSession();
  const nav = allowedNav(ability);
  const settings = useQuery({ queryKey: settingsKeys.get, queryFn: () => api.get<{ name: string }>('/settings/get') });
  if (!user) return null;
  return (
    <div>
      <Card style={{ marginBottom: 24, background: 'linear-gradient(120deg, #ffffff 0%, #eaf5ef 100%)' }}>
        <Flex gap={20} align="center" wrap>
          <PhotoAvatar fileId={user.photo} size={72} fallback={user.fname} />
          <div style={{ flex: 1, minWidth: 260 }}>
            <Typography.Text type="secondary">{greeting()} · วันนี้ <ThaiDate value={todayBangkok()} variant="long" /></Typography.Text>
            <Typography.Title level={2} style={{ margin: '2px 0 6px' }}>คุณ{user.nickname || user.fname}</Typography.Title>
            <Typography.Text>{settings.data?.name ? `ยินดีต้อนรับสู่ระบบหลังบ้านของ ${settings.data.name}` : 'ยินดีต้อนรับสู่ระบบหลังบ้านโรงเรียนสอนขับรถ ขับขี่'}</Typography.Text>
          </div>
          <Descriptions column={1} size="small" style={{ minWidth: 280, maxWidth: 380 }}
            items={[
              { key: 'name', label: 'ชื่อ-นามสกุล', children: fullName(user) },
              { key: 'role', label: <span><SafetyCertificateOutlined /> บทบาท</span>, children: user.role.name },
              { key: 'branch', label: <span><EnvironmentOutlined /> สาขา</span>, children: `${user.branch_name}${user.all_branches ? ' (ดูแลทุกสาขา)' : ''}` },
            ]} />
        </Flex>
      </Card>
      <Typography.Title level={4}>เมนูที่ใช้งานได้</Typography.Title>
      {nav.length === 0 ? (
        <Card><Typography.Text type="secondary">บัญชีของคุณยังไม่มีสิทธิ์ใช้งานเมนูใด ดูหรือแก้ไขข้อมูลส่วนตัวได้ที่ <Link to="/profile">โปรไฟล์ของฉัน</Link></Typography.Text></Card>
      ) : (
        <Row gutter={[16, 16]}>
          {nav.map((e) => (
            <Col key={e.path} xs={24} sm={12} lg={8}>
              <Link to={e.path}>
                <Card hoverable style={{ height: '100%' }}>
                  <Flex gap={14} align="start">
                    <span style={{ fontSize: 22, color: '#0b6e4f', background: '#e3f1ea', borderRadius: 10, width: 44, height: 44, display: 'grid', placeItems: 'center', flex: 'none' }}>{e.icon}</span>
                    <div style={{ flex: 1 }}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{NAV_GROUPS.find((g) => g.key === e.group)?.label}</Typography.Text>
                      <Typography.Title level={5} style={{ margin: 0 }}>{e.label}</Typography.Title>
                      <Typography.Text type="secondary">{e.description}</Typography.Text>
                    </div>
                    <ArrowRightOutlined style={{ color: '#0b6e4f', marginTop: 6 }} />
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
