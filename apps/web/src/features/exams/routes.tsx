/** Exams: the schedule, the calendar, managing a day's exam, permissions and their history, a session's results. */
import { CalendarOutlined, EditOutlined, HistoryOutlined, SafetyOutlined, ScheduleOutlined } from '@ant-design/icons';
import { once, page, type Resource } from '../../routing/resource';

const lists = once(() => import('./ExamLists'));

export const examRoutes: Resource[] = [
  {
    path: '/exams/schedule',
    ability: ['read', 'Exam'],
    page: page(lists, (x) => x.ExamSchedule),
    menu: {
      label: 'ตารางสอบ',
      group: 'exam',
      order: 100,
      icon: <ScheduleOutlined />,
      description: 'ผู้เข้าสอบของวันนี้หรือช่วงวันที่ พร้อมผลสอบ',
    },
  },
  {
    path: '/exams/calendar',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./ExamCalendar'),
      (x) => x.default,
    ),
    menu: {
      label: 'ปฏิทินสอบ',
      group: 'exam',
      order: 110,
      icon: <CalendarOutlined />,
      description: 'รอบสอบรายเดือนและรายสัปดาห์ สร้างรอบสอบ จองสอบ พิมพ์รายชื่อ',
    },
  },
  {
    path: '/exams/manage',
    ability: ['read', 'Exam'],
    page: page(lists, (x) => x.ManageExam),
    menu: {
      label: 'จัดการสอบ',
      group: 'exam',
      order: 120,
      icon: <EditOutlined />,
      description: 'ผู้เรียนที่ค้างชำระก่อนสอบ และบันทึกผลสอบของรอบวันนี้',
    },
  },
  {
    path: '/exams/permissions',
    ability: ['read', 'Exam'],
    page: page(lists, (x) => x.PermissionList),
    menu: {
      label: 'สิทธิ์สอบ',
      group: 'exam',
      order: 130,
      icon: <SafetyOutlined />,
      description: 'วันหมดสิทธิ์สอบ ต่ออายุหรือระงับสิทธิ์พร้อมเหตุผลและประวัติ',
    },
  },
  {
    path: '/exams/permissions/:id',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./PermissionPage'),
      (x) => x.default,
    ),
  },
  {
    path: '/exams/history',
    ability: ['read', 'Exam'],
    page: page(lists, (x) => x.ExamHistory),
    menu: {
      label: 'ประวัติการสอบ',
      group: 'exam',
      order: 140,
      icon: <HistoryOutlined />,
      description: 'ผลสอบย้อนหลัง คะแนนภาคทฤษฎีและผลภาคปฏิบัติ',
    },
  },
  {
    path: '/exams/sessions/:id',
    ability: ['read', 'Exam'],
    page: page(
      () => import('./SessionResults'),
      (x) => x.default,
    ),
  },
];
