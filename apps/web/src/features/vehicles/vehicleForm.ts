/** The vehicle form: the fields it edits and the province list it offers. */
import { useEffect, useState } from 'react';

export const FIELDS = [
  'branch_id',
  'no',
  'province',
  'type',
  'status',
  'is_exam',
  'brand',
  'model',
  'color',
  'purchase_date',
  'registration_date',
  'insurance_company',
  'insurance_type',
  'note',
  'noti_tax',
  'noti_compulsory',
  'noti_insurance',
  'noti_check',
] as const;
export type Values = Record<(typeof FIELDS)[number], unknown>;

/** the 77 provinces, from the address data (a chunk of its own, loaded when the form needs it) */
export function useProvinces() {
  const [list, setList] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void import('@khabkhi/thai/address').then((m) => setList(m.listProvinces().map((p) => ({ value: p, label: p }))));
  }, []);
  return list;
}
