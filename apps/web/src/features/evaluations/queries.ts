import { useQuery } from '@tanstack/react-query';
import type { EvaluateStudent, ManageVehicleDetail } from '@khabkhi/contracts';
import { api } from '../../api/client';

export const evaluationKeys = {
  all: ['evaluations'] as const,
  student: (lineId: number) => ['evaluations', 'student', lineId] as const,
  vehicle: (applicationId: number) => ['evaluations', 'vehicle', applicationId] as const,
};

export const EVALUATE_LIST = '/application/getforevaluateManage';
export const VEHICLE_LIST = '/application/getformanageVehicleCheck';

export const useStudentEvaluation = (lineId: number) =>
  useQuery({
    queryKey: evaluationKeys.student(lineId),
    queryFn: () => api.get<EvaluateStudent>('/evaluate/student', { line_id: lineId }),
    enabled: lineId > 0,
  });

export const useVehicleDetail = (applicationId: number) =>
  useQuery({
    queryKey: evaluationKeys.vehicle(applicationId),
    queryFn: () =>
      api.get<ManageVehicleDetail>('/application/getformanageVehicleDetail', { application_id: applicationId }),
    enabled: applicationId > 0,
  });

/** Colour of a training or check status. */
export const statusColor = (s: string) =>
  (
    ({
      อบรมครบ: 'green',
      กำลังอบรม: 'blue',
      ยังไม่เริ่มอบรม: 'default',
      ผ่าน: 'green',
      ไม่ผ่าน: 'red',
      ยังไม่ตรวจ: 'default',
    }) as Record<string, string>
  )[s] ?? 'default';

/** A course with its licence type, unless its name already says it (คอร์สทบทวนก่อนสอบ (รถยนต์)). */
export function courseLabel(name: string, type: string): string {
  return !type || name.includes(type) ? name : `${name} (${type})`;
}
