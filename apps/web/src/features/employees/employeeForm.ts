/** The employee form's values (the contract's register/update body, every field shown) and the body sent. */
import type { Employee, RegisterBody } from '@khabkhi/contracts';
import { normalizeNationalId } from '@khabkhi/thai';

/** The form edits the register/update body of the contract (every field shown). */
export type FormValues = Omit<Required<RegisterBody>, 'role_id' | 'branch_id' | 'password'> & {
  role_id: number | undefined;
  branch_id: number | undefined;
  password?: string;
  password_confirm?: string;
};

export const BLANK: FormValues = {
  username: '',
  password: '',
  password_confirm: '',
  role_id: undefined,
  branch_id: undefined,
  status: 'active',
  is_foreigner: false,
  idcard: '',
  prefix: '',
  fname: '',
  sname: '',
  prefix_en: '',
  fname_en: '',
  sname_en: '',
  nickname: '',
  birthday: null,
  address: '',
  moo: '',
  soi: '',
  street: '',
  subdistrict: '',
  district: '',
  province: '',
  postcode: '',
  phone_1: '',
  phone_2: '',
  email: '',
  start_date: null,
  department: '',
  position: '',
  bank: '',
  bank_acc: '',
  bank_acc_type: 'savings',
  branch_branch: '',
  emergency_name: '',
  emergency_phone: '',
  emergency_relation: '',
  photo: null,
  employee_type: 'monthly',
  salary: '0',
  extra_salary: '0',
  salary_pay_type: 'transfer',
  sso_salary: '0',
  day_off: [],
  is_salary_daily: false,
};
export const API_KEYS = Object.keys(BLANK).filter(
  (k) => k !== 'password' && k !== 'password_confirm',
) as (keyof FormValues)[];

export const opts = (o: { name: string; value: string | number | boolean }[] | undefined) =>
  (o ?? []).map((x) => ({ label: x.name, value: x.value }));

/** The form's values of a stored employee: every field, a missing one as the blank form has it. */
export function valuesOf(emp: Employee): FormValues {
  const d = emp as unknown as Record<string, unknown>;
  const v = Object.fromEntries(
    API_KEYS.map((k) => {
      const b = BLANK[k];
      const x = d[k];
      return [k, x === null || x === undefined ? (b ?? null) : x];
    }),
  );
  return { ...(v as FormValues), password: '', password_confirm: '' };
}

/** The register/update body of the form's values (the password only when one is typed). */
export function bodyOf(v: FormValues): RegisterBody {
  const body: Record<string, unknown> = {};
  for (const k of API_KEYS) body[k] = v[k] ?? BLANK[k];
  body.idcard = normalizeNationalId(String(v.idcard ?? ''));
  body.username = String(v.username).trim();
  body.fname = String(v.fname).trim();
  if (v.password) body.password = v.password;
  return body as RegisterBody;
}
