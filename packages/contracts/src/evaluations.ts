/**
 * Student evaluations and vehicle checks: request and response schemas, written once for the
 * server's routes and the web's types.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, Nullable, Option, Text } from './common.js';

const Hours = () => Type.Integer({ minimum: 0, maximum: 24 });
const Level = () => Type.Integer({ minimum: 1, maximum: 20 });
const Result = Type.Object({ evaluate_id: Id(), level: Level() }, { additionalProperties: false });
const EvaluationFields = {
  date: IsoDate(),
  instructor_id: Id(),
  theory_hours: Type.Optional(Hours()),
  practice_hours: Type.Optional(Hours()),
  note: Type.Optional(Text(500)),
  results: Type.Array(Result, { maxItems: 100 }),
};

/** evaluate/record: one training session of a course line (hours done, levels given). */
export const EvaluateRecordBody = Type.Object(
  { application_id: Id(), line_id: Id(), ...EvaluationFields },
  { additionalProperties: false },
);
export type EvaluateRecordBody = Static<typeof EvaluateRecordBody>;
/** evaluate/student/update: the same fields of a recorded session. */
export const EvaluateUpdateBody = Type.Object(
  { application_id: Id(), evaluation_id: Id(), ...EvaluationFields },
  { additionalProperties: false },
);
export type EvaluateUpdateBody = Static<typeof EvaluateUpdateBody>;
export const EvaluateDeleteBody = Type.Object(
  { application_id: Id(), evaluation_id: Id() },
  { additionalProperties: false },
);
export type EvaluateDeleteBody = Static<typeof EvaluateDeleteBody>;
export const EvaluateStudentQuery = Type.Object({ line_id: Id() }, { additionalProperties: false });
export const LineDocBody = Type.Object({ application_id: Id(), line_id: Id() }, { additionalProperties: false });
export type LineDocBody = Static<typeof LineDocBody>;

/**
 * One exam (theory or practical) of a course line as the evaluation list shows it: the passed attempt if any, else the
 * latest (booked with its date, failed with its score, absent); status null and "ยังไม่ได้สอบ" when never booked.
 */
export const ExamCell = Type.Object({
  status: Nullable(Type.String()),
  status_name: Type.String(),
  exam_date: Nullable(Type.String()),
  /** theory: the score and the number of questions of the attempt shown; null for practical, booked or absent */
  score: Nullable(Type.Integer()),
  total: Nullable(Type.Integer()),
  /** attempts of this kind, not cancelled */
  attempts: Type.Integer(),
});
export type ExamCell = Static<typeof ExamCell>;
/** The exam stage of a course line (the evaluation list's ผลสอบ filter), first match wins in this order. */
export const EXAM_STAGE = {
  passed: 'สอบผ่านครบ',
  booked: 'รอสอบ',
  failed: 'สอบไม่ผ่าน',
  theory: 'ผ่านภาคทฤษฎี',
  none: 'ยังไม่ได้สอบ',
} as const;

export const EvaluateManageRow = Type.Object({
  line_id: Type.Integer(),
  application_id: Type.Integer(),
  application_code: Type.String(),
  app_status: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  idcard: Type.String(),
  phone: Type.String(),
  course_name: Type.String(),
  course_type: Type.String(),
  exam_date: Nullable(Type.String()),
  registered_at: Type.String(),
  /** hours of training: completed lessons plus theory_recorded (may have a fraction: a 90-minute lesson is 1.5) */
  theory_done: Type.Number(),
  theory_required: Type.Integer(),
  /** hours typed on evaluations before the lessons module: recorded history, counted in theory_done */
  theory_recorded: Type.Integer(),
  practice_done: Type.Number(),
  practice_required: Type.Integer(),
  practice_recorded: Type.Integer(),
  criteria_total: Type.Integer(),
  criteria_done: Type.Integer(),
  criteria_passed: Type.Integer(),
  last_date: Nullable(Type.String()),
  status: Type.String(),
  theory_exam: ExamCell,
  practical_exam: ExamCell,
  /** one of EXAM_STAGE */
  exam_status: Type.String(),
});
export type EvaluateManageRow = Static<typeof EvaluateManageRow>;
export const EvaluateManageFilter = Type.Object({
  branch: Type.Array(Option),
  type: Type.Array(Option),
  status: Type.Array(Option),
  /** the exam stage (EXAM_STAGE), on the table's `category` parameter */
  category: Type.Array(Option),
});

export const EvaluationResultOut = Type.Object({
  evaluate_id: Type.Integer(),
  title: Type.String(),
  category: Type.String(),
  level: Type.Integer(),
  level_name: Type.String(),
  passed: Type.Boolean(),
});
export const EvaluationOut = Type.Object({
  evaluation_id: Type.Integer(),
  date: Type.String(),
  instructor_id: Type.Integer(),
  instructor_name: Type.String(),
  theory_hours: Type.Integer(),
  practice_hours: Type.Integer(),
  note: Type.String(),
  created_by_name: Type.String(),
  results: Type.Array(EvaluationResultOut),
});
export type EvaluationOut = Static<typeof EvaluationOut>;
export const CriterionState = Type.Object({
  evaluate_id: Type.Integer(),
  title: Type.String(),
  category: Type.String(),
  category_name: Type.String(),
  level: Nullable(Type.Integer()),
  level_name: Type.String(),
  passed: Type.Boolean(),
  date: Nullable(Type.String()),
  instructor_name: Type.String(),
});
export type CriterionState = Static<typeof CriterionState>;
export const LevelOption = Type.Object({ value: Type.Integer(), name: Type.String(), pass: Type.Boolean() });
export const LineExamResult = Type.Object({
  kind: Type.String(),
  kind_name: Type.String(),
  passed: Type.Boolean(),
  /** the passed attempt's status, else the latest attempt's (booked, failed, absent); null when never booked */
  status: Nullable(Type.String()),
  status_name: Type.String(),
  exam_date: Nullable(Type.String()),
  attempts: Type.Integer(),
});
export const LineExams = Type.Object({
  results: Type.Array(LineExamResult),
  passed: Type.Boolean(),
  missing: Type.Array(Type.String()),
});
export const EvaluateStudent = Type.Object({
  line_id: Type.Integer(),
  application_id: Type.Integer(),
  application_code: Type.String(),
  app_status: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  idcard: Type.String(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  course_type: Type.String(),
  exam_date: Nullable(Type.String()),
  registered_at: Type.String(),
  /** done = completed lessons + recorded (the hours typed on evaluations before the lessons module: history) */
  hours: Type.Object({
    theory_done: Type.Number(),
    theory_required: Type.Integer(),
    theory_recorded: Type.Integer(),
    practice_done: Type.Number(),
    practice_required: Type.Integer(),
    practice_recorded: Type.Integer(),
  }),
  criteria: Type.Array(CriterionState),
  evaluations: Type.Array(EvaluationOut),
  levels: Type.Array(LevelOption),
  pass_level: Type.Integer(),
  instructors: Type.Array(Option),
  /** training completed: required hours done and every criterion at a passing level */
  completed: Type.Boolean(),
  /** what is still missing of the training, in Thai */
  missing: Type.Array(Type.String()),
  /** the exams of the line the certificate requires (every kind the school examines for the licence type) */
  exams: LineExams,
  /** the certificate may be printed: training completed and every required exam passed */
  certificate_ready: Type.Boolean(),
  status: Type.String(),
});
export type EvaluateStudent = Static<typeof EvaluateStudent>;

// ---- vehicle checks ----------------------------------------------------------------------------------------
export const VehicleOwner = Type.Union([Type.Literal('student'), Type.Literal('school')]);
export const VehicleType = Type.Union([Type.Literal('car'), Type.Literal('motorcycle')]);
const CheckItem = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), ok: Type.Boolean() },
  { additionalProperties: false },
);
const CheckFields = {
  line_id: Type.Optional(Nullable(Id())),
  check_date: IsoDate(),
  exam_date: Type.Optional(Nullable(IsoDate())),
  owner: VehicleOwner,
  vehicle_id: Type.Optional(Nullable(Id())),
  no: Type.Optional(Text(20)),
  province: Type.Optional(Text(100)),
  type: Type.Optional(VehicleType),
  tax_until: Type.Optional(Nullable(IsoDate('due'))),
  compulsory_until: Type.Optional(Nullable(IsoDate('due'))),
  items: Type.Array(CheckItem, { maxItems: 50 }),
  checked_by: Type.Optional(Id()),
  note: Type.Optional(Text(500)),
};
export const VehicleCheckCreateBody = Type.Object(
  { application_id: Id(), ...CheckFields },
  { additionalProperties: false },
);
export type VehicleCheckCreateBody = Static<typeof VehicleCheckCreateBody>;
export const VehicleCheckUpdateBody = Type.Object(
  { application_id: Id(), check_id: Id(), ...CheckFields },
  { additionalProperties: false },
);
export type VehicleCheckUpdateBody = Static<typeof VehicleCheckUpdateBody>;
export const VehicleCheckDeleteBody = Type.Object(
  { application_id: Id(), check_id: Id() },
  { additionalProperties: false },
);
export type VehicleCheckDeleteBody = Static<typeof VehicleCheckDeleteBody>;
export const VehicleCheckGetQuery = Type.Object({ check_id: Id() }, { additionalProperties: false });
export const VehicleDetailQuery = Type.Object({ application_id: Id() }, { additionalProperties: false });

export const VehicleCheck = Type.Object({
  check_id: Type.Integer(),
  application_id: Type.Integer(),
  application_code: Type.String(),
  customer_name: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  line_id: Nullable(Type.Integer()),
  course_name: Type.String(),
  check_date: Type.String(),
  exam_date: Type.String(),
  owner: Type.String(),
  owner_name: Type.String(),
  vehicle_id: Nullable(Type.Integer()),
  no: Type.String(),
  province: Type.String(),
  type: Type.String(),
  type_name: Type.String(),
  tax_until: Type.String(),
  compulsory_until: Type.String(),
  items: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean() })),
  result: Type.String(),
  result_name: Type.String(),
  fail_reasons: Type.Array(Type.String()),
  checked_by: Type.Integer(),
  checked_by_name: Type.String(),
  note: Type.String(),
  createdAt: Type.String(),
});
export type VehicleCheck = Static<typeof VehicleCheck>;
export const VehicleCheckFilter = Type.Object({
  branch: Type.Array(Option),
  status: Type.Array(Option),
  type: Type.Array(Option),
});

export const ManageVehicleRow = Type.Object({
  application_id: Type.Integer(),
  application_code: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  customer_name: Type.String(),
  idcard: Type.String(),
  phone: Type.String(),
  courses: Type.String(),
  course_type: Type.String(),
  exam_date: Nullable(Type.String()),
  status: Type.String(),
  balance: Type.String(),
  createdAt: Type.String(),
  check_id: Nullable(Type.Integer()),
  check_date: Nullable(Type.String()),
  check_result: Nullable(Type.String()),
  check_result_name: Type.String(),
  plate: Type.String(),
});
export type ManageVehicleRow = Static<typeof ManageVehicleRow>;
export const ManageVehicleFilter = Type.Object({
  branch: Type.Array(Option),
  status: Type.Array(Option),
  type: Type.Array(Option),
  category: Type.Array(Option),
});

export const ExamCar = Type.Object({
  vehicle_id: Type.Integer(),
  no: Type.String(),
  province: Type.String(),
  type: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  tax_until: Nullable(Type.String()),
  compulsory_until: Nullable(Type.String()),
});
export type ExamCar = Static<typeof ExamCar>;
const MoneyOut = Type.String();
export const ManageVehicleDetail = Type.Object({
  application_id: Type.Integer(),
  application_code: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  customer_name: Type.String(),
  idcard: Type.String(),
  phone: Type.String(),
  total: MoneyOut,
  net: MoneyOut,
  paid: MoneyOut,
  balance: MoneyOut,
  createdAt: Type.String(),
  course: Type.Array(
    Type.Object({
      line_id: Type.Integer(),
      course_name: Type.String(),
      course_type: Type.String(),
      exam_date: Nullable(Type.String()),
      cost: MoneyOut,
      discount: MoneyOut,
    }),
  ),
  other_fee: Type.Array(
    Type.Object({
      line_id: Type.Integer(),
      other_fee_name: Type.String(),
      date: Nullable(Type.String()),
      cost: MoneyOut,
      discount: MoneyOut,
    }),
  ),
  request_fee: Type.Array(
    Type.Object({
      line_id: Type.Integer(),
      request_fee_name: Type.String(),
      date: Nullable(Type.String()),
      cost: MoneyOut,
      discount: MoneyOut,
    }),
  ),
  checks: Type.Array(VehicleCheck),
  exam_cars: Type.Array(ExamCar),
  check_items: Type.Object({ car: Type.Array(Type.String()), motorcycle: Type.Array(Type.String()) }),
  checkers: Type.Array(Option),
});
export type ManageVehicleDetail = Static<typeof ManageVehicleDetail>;

// ---- the school's evaluation rules ---------------------------------------------------------------------------
const ItemList = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 });
export const EvaluationSettingsBody = Type.Object(
  {
    levels: Type.Array(
      Type.Object(
        { value: Type.Integer({ minimum: 1, maximum: 20 }), name: Type.String({ minLength: 1, maxLength: 50 }) },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 10 },
    ),
    pass_level: Type.Integer({ minimum: 1, maximum: 20 }),
    check_items: Type.Object({ car: ItemList, motorcycle: ItemList }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type EvaluationSettingsBody = Static<typeof EvaluationSettingsBody>;
export const EvaluationSettingsOut = Type.Object({
  levels: Type.Array(Type.Object({ value: Type.Integer(), name: Type.String() })),
  pass_level: Type.Integer(),
  check_items: Type.Object({ car: Type.Array(Type.String()), motorcycle: Type.Array(Type.String()) }),
});
export type EvaluationSettingsOut = Static<typeof EvaluationSettingsOut>;
