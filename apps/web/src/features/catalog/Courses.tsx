import { SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { CrudDetail } from '../../components/CrudDetail';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ActiveTag, ACTIVE_OPTIONS, useBranchFieldOptions } from './shared';
import {
  addCourseType,
  catalogKeys,
  deleteCourseType,
  getCourseTypes,
  setCourseTypeMinAge,
  useCourseTypes,
} from './queries';
import { applicationKeys } from '../applications/api';
import { useCatalogScope } from './scope';
import type { CourseRow } from '@khabkhi/contracts';

type Course = CourseRow;

function CourseTypes() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const types = useQuery({
    queryKey: catalogKeys.courseTypesMinAge,
    queryFn: getCourseTypes,
    enabled: open,
  });
  const { user } = useSession();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const done = (res: { message: string }) => {
    message.success(res.message);
    void qc.invalidateQueries({ queryKey: catalogKeys.courseTypes });
    void qc.invalidateQueries({ queryKey: catalogKeys.table('course') });
    void qc.invalidateQueries({ queryKey: applicationKeys.registerOptionsAll });
  };
  const add = useMutation({
    mutationFn: () => addCourseType(name.trim()),
    onSuccess: (r) => {
      setName('');
      done(r);
    },
    onError: (e) => message.error(errorMessage(e)),
  });
  const del = useMutation({
    mutationFn: deleteCourseType,
    onSuccess: done,
    onError: (e) => message.error(errorMessage(e)),
  });
  const setAge = useMutation({
    mutationFn: setCourseTypeMinAge,
    onSuccess: done,
    onError: (e) => message.error(errorMessage(e)),
  });
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        ประเภทหลักสูตร
      </Button>
      <Modal title="ประเภทหลักสูตร (ประเภทใบขับขี่)" open={open} onCancel={() => setOpen(false)} footer={null} width={560}>
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            placeholder="ชื่อประเภทใหม่ เช่น รถบรรทุก"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => name.trim() && add.mutate()}
            maxLength={100}
          />
          <Button type="primary" loading={add.isPending} disabled={!name.trim()} onClick={() => add.mutate()}>
            เพิ่ม
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          อายุขั้นต่ำ: ตอนรับสมัครระบบจะเตือนเมื่อผู้สมัครอายุไม่ถึง (0 = ไม่เตือน){user?.all_branches ? '' : ' · แก้ไขได้เฉพาะสำนักงานใหญ่'}
        </Typography.Paragraph>
        <List
          bordered
          dataSource={types.data ?? []}
          loading={types.isLoading}
          renderItem={(t) => (
            <List.Item
              actions={[
                <Button
                  key="d"
                  size="small"
                  danger
                  loading={del.isPending && del.variables === t.name}
                  onClick={() => del.mutate(t.name)}
                >
                  ลบ
                </Button>,
              ]}
            >
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <span>{t.name}</span>
                <Space size={4}>
                  <span>อายุขั้นต่ำ</span>
                  <InputNumber
                    min={0}
                    max={99}
                    precision={0}
                    defaultValue={t.min_age}
                    style={{ width: 72 }}
                    aria-label={`อายุขั้นต่ำ ${t.name}`}
                    disabled={!user?.all_branches}
                    onBlur={(e) => {
                      const n = Number(e.target.value);
                      if (Number.isInteger(n) && n !== t.min_age) setAge.mutate({ name: t.name, min_age: n });
                    }}
                  />
                  <span>ปี</span>
                </Space>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}

export function CourseList() {
  const { can } = useSession();
  return (
    <ListPage<Course>
      title="หลักสูตร"
      subtitle="หลักสูตรที่เปิดสอน ราคา และจำนวนชั่วโมงเรียน"
      endpoint="/course/gettable"
      rowKey="course_id"
      filters={['branch', 'status', 'type']}
      filterLabels={{ type: 'ประเภทหลักสูตร' }}
      addButton={can('create', 'Course') ? { to: '/courses/new', label: 'เพิ่มหลักสูตร' } : undefined}
      extra={can('update', 'Course') ? <CourseTypes /> : undefined}
      detailPath={(r) => `/courses/${r.course_id}`}
      exportName="หลักสูตร"
      columns={[
        { title: 'ชื่อหลักสูตร', dataIndex: 'name', wrap: 260 },
        { title: 'ประเภท', dataIndex: 'type' },
        { title: 'ราคา (บาท)', dataIndex: 'price', kind: 'money', render: (v: string) => <MoneyText value={v} /> },
        { title: 'ทฤษฎี (ชม.)', dataIndex: 'theory_hours', align: 'right' },
        { title: 'ปฏิบัติ (ชม.)', dataIndex: 'practice_hours', align: 'right' },
        { title: 'สาขา', dataIndex: 'branch_name' },
        {
          title: 'สถานะ',
          dataIndex: 'is_activate',
          render: (v: boolean) => <ActiveTag value={v} />,
          exportValue: (r) => (r.is_activate ? 'เปิดใช้งาน' : 'ปิดใช้งาน'),
        },
      ]}
    />
  );
}

export function CourseDetail() {
  const types = useCourseTypes();
  const branches = useBranchFieldOptions();
  const custom = useCatalogScope(branches, true);
  return (
    <CrudDetail
      prefix="course"
      idKey="course_id"
      subject="Course"
      listPath="/courses"
      noun="หลักสูตร"
      branched
      branchOptions={branches}
      custom={custom}
      titleOf={(r) => r.name}
      fields={[
        { name: 'name', label: 'ชื่อหลักสูตร', kind: 'text', required: true, span: 12 },
        {
          name: 'type',
          label: 'ประเภทหลักสูตร',
          kind: 'select',
          required: true,
          options: (types.data ?? []).map((t) => ({ label: t, value: t })),
          span: 6,
        },
        { name: 'price', label: 'ราคา', kind: 'money', required: true, span: 6 },
        { name: 'theory_hours', label: 'ชั่วโมงทฤษฎี', kind: 'int', span: 6, initial: 5 },
        { name: 'practice_hours', label: 'ชั่วโมงปฏิบัติ', kind: 'int', span: 6, initial: 10 },
        { name: 'is_activate', label: 'สถานะ', kind: 'select', options: ACTIVE_OPTIONS, initial: true, span: 6 },
        { name: 'detail', label: 'รายละเอียด', kind: 'textarea', span: 24 },
      ]}
      sections={[
        {
          title: 'ข้อมูลหลักสูตร',
          fields: ['name', 'type', 'price', 'theory_hours', 'practice_hours', 'is_activate', 'detail'],
        },
      ]}
    />
  );
}
