import { App, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import type { BannerState } from '../../components/ResultBanner';
import { lineOnPromotion } from './lines';
import type { CourseLineForm } from './newApplicationForm';
import { checkPromotionCode } from './queries';

/**
 * Checks a course line's promotion code with the server and shows the discount on the line (and so in the
 * summary); `check(index)` is false when the code is refused. `checking` is the line being checked.
 */
export function usePromotionCheck(
  form: FormInstance,
  branchId: number | undefined,
  onBanner: (banner: BannerState) => void,
) {
  const { modal } = App.useApp();
  const [checking, setChecking] = useState<number | null>(null);
  const inFlight = useRef(new Set<number>());

  const check = async (index: number): Promise<boolean> => {
    const line = form.getFieldValue(['courses', index]) as CourseLineForm;
    const code = (line.promotion_code ?? '').trim();
    if (!code) {
      form.setFieldValue(['courses', index], { ...line, discount: '0', checked_code: '' });
      return true;
    }
    if (!line.course_id) {
      modal.warning({ title: 'กรุณาเลือกหลักสูตรก่อนใส่รหัสส่วนลด' });
      return false;
    }
    // leaving the field and pressing ตรวจ at once check once
    if (inFlight.current.has(index)) return false;
    inFlight.current.add(index);
    setChecking(index);
    try {
      const r = await checkPromotionCode({ index, code, course_id: line.course_id, branch_id: branchId });
      form.setFieldValue(['courses', index], lineOnPromotion(line, { ok: true, discount: r.data.discount }));
      onBanner({ status: 'success', message: r.message });
      return true;
    } catch (e) {
      form.setFieldValue(['courses', index], lineOnPromotion(line, { ok: false }));
      await modal.error({ title: 'ใช้รหัสส่วนลดไม่ได้', content: errorMessage(e) });
      return false;
    } finally {
      inFlight.current.delete(index);
      setChecking(null);
    }
  };
  return { checking, check };
}
