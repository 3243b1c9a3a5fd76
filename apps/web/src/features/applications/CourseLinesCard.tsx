/** The course lines of the registration form: the course, its price, a promotion code checked per line, the exam date. */
import { CheckOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Grid, Input, Row, Select, type FormInstance } from 'antd';
import type { RegisterOptions } from '@khabkhi/contracts';
import { formatBaht } from '@khabkhi/thai';
import { focusNext } from '../../components/enterToNext';
import { MoneyInput } from '../../components/MoneyInput';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { lineOnCodeTyped, lineOnCourseChange, uncheckedPromotions } from './lines';
import type { CourseLineForm } from './newApplicationForm';

export function CourseLinesCard({
  form,
  d,
  loading,
  ageWarning,
  checking,
  checkPromotion,
}: {
  form: FormInstance;
  d: RegisterOptions | undefined;
  loading: boolean;
  ageWarning: string | null;
  checking: number | null;
  checkPromotion: (index: number) => Promise<boolean>;
}) {
  // below 1200 px a course line takes two rows (course, then price · code · discount · exam date); on a narrow
  // screen the code field keeps its room for STUDENT500 and the check button shows its icon only
  const screens = Grid.useBreakpoint();
  const courseOptions = (d?.courses ?? []).map((c) => ({
    value: c.course_id,
    label: `${c.name} · ${c.type} · ${formatBaht(c.price)} บาท`,
  }));

  return (
    <Card title="หลักสูตร" className="form-section" style={{ marginBottom: 16 }}>
      {d?.courses_hint && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="ไม่มีหลักสูตรให้เลือก"
          description={d.courses_hint}
          data-testid="courses-hint"
        />
      )}
      {ageWarning && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={ageWarning} data-testid="age-warning" />
      )}
      <Form.List name="courses">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Row key={row.key} gutter={12} align="bottom">
                <Col xs={24} xl={8}>
                  <Form.Item
                    name={[row.name, 'course_id']}
                    label={`หลักสูตรที่ ${index + 1}`}
                    rules={[{ required: true, message: 'กรุณาเลือกหลักสูตร' }]}
                  >
                    <Select
                      options={courseOptions}
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="พิมพ์เพื่อค้นหาหลักสูตร"
                      loading={loading}
                      popupMatchSelectWidth={460}
                      notFoundContent={d?.courses_hint ?? 'ไม่พบหลักสูตรที่ค้นหา'}
                      onChange={(id: number) => {
                        const c = d?.courses.find((x) => x.course_id === id);
                        form.setFieldValue(
                          ['courses', row.name],
                          lineOnCourseChange(
                            { ...form.getFieldValue(['courses', row.name]), course_id: id },
                            c?.price ?? '0',
                            'new',
                          ),
                        );
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={5} xl={3}>
                  <Form.Item name={[row.name, 'cost']} label="ราคา">
                    <MoneyInput readOnly tabIndex={-1} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={7} xl={5}>
                  <Form.Item
                    name={[row.name, 'promotion_code']}
                    label="รหัสส่วนลด"
                    normalize={(v: string) => v.toUpperCase()}
                  >
                    <Input
                      maxLength={30}
                      placeholder="ถ้ามี"
                      data-enter="keep"
                      style={{ minWidth: 0 }}
                      onChange={() =>
                        form.setFieldValue(
                          ['courses', row.name],
                          lineOnCodeTyped(form.getFieldValue(['courses', row.name]) as CourseLineForm),
                        )
                      }
                      // leaving the field checks the code, so the summary shows its discount before anything is saved
                      onBlur={() => {
                        if (uncheckedPromotions([form.getFieldValue(['courses', row.name]) as CourseLineForm]).length)
                          void checkPromotion(row.name);
                      }}
                      onKeyDown={(e) => {
                        if (e.key !== 'Enter') return;
                        e.preventDefault();
                        const target = e.currentTarget;
                        void checkPromotion(row.name).then(() => focusNext(target));
                      }}
                      suffix={
                        <Button
                          type="link"
                          size="small"
                          icon={<CheckOutlined />}
                          loading={checking === row.name}
                          onClick={() => void checkPromotion(row.name)}
                          tabIndex={-1}
                          aria-label="ตรวจรหัสส่วนลด"
                          title="ตรวจรหัสส่วนลด"
                          style={{ paddingInline: 4 }}
                        >
                          {screens.lg ? 'ตรวจ' : null}
                        </Button>
                      }
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={5} xl={3}>
                  <Form.Item name={[row.name, 'checked_code']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[row.name, 'discount']} label="ส่วนลด">
                    <MoneyInput readOnly tabIndex={-1} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6} xl={4}>
                  <Form.Item name={[row.name, 'exam_date']} label="วันสอบ (ถ้ามี)">
                    <ThaiDatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={1}>
                  <Form.Item label=" ">
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={rows.length === 1}
                      onClick={() => remove(row.name)}
                      aria-label={`ลบหลักสูตรที่ ${index + 1}`}
                      tabIndex={-1}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ cost: '0', discount: '0', promotion_code: '', checked_code: '', exam_date: null })}
            >
              เพิ่มหลักสูตร
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
