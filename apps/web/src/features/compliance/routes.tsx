import { ScheduleOutlined } from '@ant-design/icons';
import { page, type Resource } from '../../routing/resource';

/** The compliance calendar: every dated obligation of the school, with an iCalendar feed for phones. */
export const complianceRoutes: Resource[] = [
  {
    path: '/compliance',
    ability: ['read', 'Accounting'],
    page: page(
      () => import('./CompliancePage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ปฏิทินงานตามกำหนด',
      group: 'accounting',
      order: 2,
      icon: <ScheduleOutlined />,
      description: 'ประกันสังคม ภ.ง.ด.1 50 ทวิ ต่อภาษีรถ พ.ร.บ. สิทธิ์สอบหมดอายุ รอบสอบ เงินเดือน และวันที่ยังไม่ปิดยอด',
    },
  },
];
