/** Lessons: the branch timetable, the lessons list, the check-in desk, theory classes and the lesson settings. */
import {
  CalendarOutlined,
  FileTextOutlined,
  IdcardOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { once, page, type Resource } from '../../routing/resource';

const classes = once(() => import('./ClassPages'));

export const lessonRoutes: Resource[] = [
  {
    path: '/lessons/timetable',
    ability: ['read', 'Lesson'],
    page: page(
      () => import('./TimetablePage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ตารางเรียน',
      group: 'lessons',
      order: 91,
      icon: <CalendarOutlined />,
      description: 'ตารางครูฝึกและรถของสาขา รายวันและรายสัปดาห์ จองคาบเรียน ย้ายคาบ เช็กอิน',
    },
  },
  {
    path: '/lessons',
    ability: ['read', 'Lesson'],
    page: page(
      () => import('./LessonList'),
      (x) => x.default,
    ),
    menu: {
      label: 'รายการคาบเรียน',
      group: 'lessons',
      order: 92,
      icon: <UnorderedListOutlined />,
      description: 'คาบเรียนทั้งหมดพร้อมตัวกรอง สาขา ครูฝึก รถ ผู้เรียน สถานะ ช่วงวันที่ และส่งออก Excel',
    },
  },
  {
    path: '/lessons/desk',
    ability: ['update', 'Lesson'],
    page: page(
      () => import('./CheckinDesk'),
      (x) => x.default,
    ),
    menu: {
      label: 'เช็กอินหน้าเคาน์เตอร์',
      group: 'lessons',
      order: 93,
      icon: <IdcardOutlined />,
      description: 'อ่านบัตรประชาชนเพื่อเช็กอินผู้เรียนและครูฝึก คาบเรียนของวันนี้',
    },
  },
  {
    path: '/lessons/classes',
    ability: ['read', 'Lesson'],
    page: page(classes, (x) => x.ClassList),
    menu: {
      label: 'ชั้นเรียนภาคทฤษฎี',
      group: 'lessons',
      order: 94,
      icon: <TeamOutlined />,
      description: 'เปิดชั้นเรียนภาคทฤษฎี ห้องเรียน รายชื่อผู้เรียน เช็กอินรายที่นั่ง',
    },
  },
  {
    path: '/lessons/report',
    ability: ['read', 'Lesson'],
    page: page(
      () => import('./LessonReportPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'รายงานการฝึกอบรมประจำเดือน',
      group: 'lessons',
      order: 94.5,
      icon: <FileTextOutlined />,
      description: 'รายงานส่งกรมการขนส่งทางบก: ผู้เรียน ชั่วโมงทฤษฎีและปฏิบัติ ครูฝึก รถที่ใช้ฝึก เป็น PDF และ Excel',
    },
  },
  { path: '/lessons/classes/:id', ability: ['read', 'Lesson'], page: page(classes, (x) => x.ClassRoster) },
  {
    path: '/lessons/settings',
    ability: ['manage', 'Lesson'],
    page: page(
      () => import('./LessonSettingsPage'),
      (x) => x.default,
    ),
    menu: {
      label: 'ตั้งค่าตารางเรียน',
      group: 'lessons',
      order: 95,
      icon: <SettingOutlined />,
      description: 'เวลาทำงานและวันลาของครูฝึก อัตราค่าสอน ห้องเรียน และกติกาการยกเลิก',
    },
  },
];
