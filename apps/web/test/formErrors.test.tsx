// @vitest-environment jsdom
/**
 * Server errors land under the form fields: the envelope's `details` ([{ field, message }]) are mapped onto the
 * antd fields by their API path (list lines included); an error without details falls back to the Thai label
 * the message names.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { applyServerError, detailsOf, namePathOf } from '../src/components/formErrors';
import { installDom } from './setupDom';

beforeAll(() => installDom());
afterEach(() => cleanup());

function Harness({ onForm }: { onForm: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ name: '', courses: [{ exam_date: '' }, { exam_date: '' }] }}>
      <Form.Item name="name" label="ชื่อ">
        <Input />
      </Form.Item>
      <Form.Item name="code" label="รหัส">
        <Input />
      </Form.Item>
      <Form.Item name={['courses', 0, 'exam_date']} label="วันสอบ 1">
        <Input />
      </Form.Item>
      <Form.Item name={['courses', 1, 'exam_date']} label="วันสอบ 2">
        <Input />
      </Form.Item>
    </Form>
  );
}

const refused = (details: { field: string; message: string }[], message = details[0]?.message ?? 'x') =>
  new ApiError(message, 400, { status: 'error', message, data: null, details });

describe('applyServerError', () => {
  it('puts every detail under its field, nested list lines too, and leaves other fields alone', async () => {
    let form!: FormInstance;
    render(
      <Harness
        onForm={(f) => {
          form = f;
        }}
      />,
    );
    let first: string | null = null;
    act(() => {
      first = applyServerError(
        form,
        refused([
          { field: 'code', message: 'รหัส: ต้องระบุ' },
          { field: 'courses.1.exam_date', message: 'วันสอบ รายการที่ 2: ไม่ใช่วันที่ที่มีอยู่จริง' },
          { field: 'unknown_key', message: 'ช่องข้อมูล "unknown_key": ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก' },
        ]),
      );
    });
    expect(first).toBe('code');
    expect(form.getFieldError('code')).toEqual(['รหัส: ต้องระบุ']);
    expect(form.getFieldError(['courses', 1, 'exam_date'])).toEqual(['วันสอบ รายการที่ 2: ไม่ใช่วันที่ที่มีอยู่จริง']);
    expect(form.getFieldError(['courses', 0, 'exam_date'])).toEqual([]);
    expect(form.getFieldError('name')).toEqual([]);
    await waitFor(() => expect(screen.getByText('วันสอบ รายการที่ 2: ไม่ใช่วันที่ที่มีอยู่จริง')).toBeTruthy());
    expect(screen.getByText('รหัส: ต้องระบุ')).toBeTruthy();
  });

  it('without details, the Thai label before the colon names the field', () => {
    let form!: FormInstance;
    render(
      <Harness
        onForm={(f) => {
          form = f;
        }}
      />,
    );
    act(() => {
      applyServerError(
        form,
        new ApiError('ชื่อ: ซ้ำกับที่มีอยู่แล้ว', 409, { status: 'error', message: 'ชื่อ: ซ้ำกับที่มีอยู่แล้ว', data: null }),
      );
    });
    expect(form.getFieldError('name')).toEqual(['ชื่อ: ซ้ำกับที่มีอยู่แล้ว']);
    // a plain message (older callers) works the same way
    act(() => {
      applyServerError(form, 'รหัส: ซ้ำ');
    });
    expect(form.getFieldError('code')).toEqual(['รหัส: ซ้ำ']);
  });

  it('reads details only from an API error and turns paths into antd name paths', () => {
    expect(detailsOf(new Error('x'))).toEqual([]);
    expect(detailsOf(refused([{ field: 'a', message: 'b' }]))).toEqual([{ field: 'a', message: 'b' }]);
    expect(namePathOf('courses.1.exam_date')).toEqual(['courses', 1, 'exam_date']);
  });
});
