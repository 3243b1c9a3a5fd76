import { useQuery } from '@tanstack/react-query';
import type {
  EvaluateDeleteBody,
  EvaluateRecordBody,
  EvaluateStudent,
  EvaluateUpdateBody,
  EvaluationSettingsBody,
  EvaluationSettingsOut,
  LineDocBody,
  ManageVehicleDetail,
  VehicleCheck,
  VehicleCheckCreateBody,
  VehicleCheckDeleteBody,
  VehicleCheckUpdateBody,
} from '@khabkhi/contracts';
import { api } from '../../api/client';
import { printPdf } from '../../api/documents';

export const evaluationKeys = {
  all: ['evaluations'] as const,
  student: (lineId: number) => ['evaluations', 'student', lineId] as const,
  vehicle: (applicationId: number) => ['evaluations', 'vehicle', applicationId] as const,
  settings: ['evaluations', 'settings'] as const,
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

/** A training session of a course line: recorded, corrected, deleted (each answers the line's evaluation). */
export const recordEvaluation = (body: EvaluateRecordBody) => api.post<EvaluateStudent>('/evaluate/record', body);
export const updateEvaluation = (body: EvaluateUpdateBody) =>
  api.put<EvaluateStudent>('/evaluate/student/update', body);
export const deleteEvaluation = (body: EvaluateDeleteBody) =>
  api.del<EvaluateStudent>('/evaluate/student/delete', body);
/** Opens a line's document: the training record or the course certificate. */
export const printLineDocument = (document: 'trainingrecord' | 'certificate', body: LineDocBody) =>
  printPdf(`/evaluate/${document}/pdf`, body);

/** The school's evaluation rules: levels, the pass level and the vehicle check items. */
export const getEvaluationSettings = () => api.get<EvaluationSettingsOut>('/evaluate/settings');
export const saveEvaluationSettings = (body: EvaluationSettingsBody) =>
  api.put<EvaluationSettingsOut>('/evaluate/settings/update', body);

/** A vehicle check before the practical exam. */
export const createVehicleCheck = (body: VehicleCheckCreateBody) =>
  api.post<VehicleCheck>('/vehiclecheck/create', body);
export const updateVehicleCheck = (body: VehicleCheckUpdateBody) => api.put<VehicleCheck>('/vehiclecheck/update', body);
export const deleteVehicleCheck = (body: VehicleCheckDeleteBody) => api.del<null>('/vehiclecheck/delete', body);

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
