/** The evaluation settings: the level scale, the passing level and the checklists. */
import { type EvaluationSettingsBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { evaluationSettings } from '../../db/schema/evaluations.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { evaluationSettingsOf } from './repo.js';
import { lockRules, recountAllLines } from './training.js';

/** evaluate/settings/update: the level scale, the passing level and the checklists (unique, the passing level on the scale). */
export async function updateEvaluationSettings(tx: Tx, actor: Actor, b: EvaluationSettingsBody, requestId: string) {
  const values = b.levels.map((l) => l.value);
  for (let i = 1; i < values.length; i++) {
    if (values[i]! <= values[i - 1]!) throw badRequest(`ระดับผลการประเมิน รายการที่ ${i + 1}: ต้องเรียงจากน้อยไปมากและไม่ซ้ำกัน`);
  }
  const names = b.levels.map((l) => l.name.trim());
  if (names.some((n) => !n)) throw badRequest('ระดับผลการประเมิน: ชื่อระดับต้องไม่ว่าง');
  if (new Set(names).size !== names.length) throw badRequest('ระดับผลการประเมิน: ชื่อระดับซ้ำกัน');
  if (!values.includes(b.pass_level)) throw badRequest(`ระดับที่ผ่านเกณฑ์: ต้องเป็นหนึ่งในระดับ ${values.join(', ')}`);
  const check_items = {
    car: b.check_items.car.map((n) => n.trim()),
    motorcycle: b.check_items.motorcycle.map((n) => n.trim()),
  };
  for (const [type, list] of Object.entries(check_items)) {
    const label = type === 'car' ? 'รถยนต์' : 'รถจักรยานยนต์';
    if (list.some((n) => !n)) throw badRequest(`${label}: ชื่อรายการตรวจต้องไม่ว่าง`);
    if (new Set(list).size !== list.length) throw badRequest(`${label}: รายการตรวจซ้ำกัน`);
  }
  // the rules lock first: the passing level read next is the one in force (a concurrent change waits), see training.ts
  await lockRules(tx);
  const before = await evaluationSettingsOf(tx);
  const after = {
    levels: b.levels.map((l, i) => ({ value: l.value, name: names[i]! })),
    pass_level: b.pass_level,
    check_items,
  };
  await tx
    .insert(evaluationSettings)
    .values({ id: 1, ...after })
    .onConflictDoUpdate({ target: evaluationSettings.id, set: { ...after, updatedAt: new Date() } });
  // the lines' stored count of passed criteria follows the passing level
  if (after.pass_level !== before.pass_level) await recountAllLines(tx);
  await audit(tx, actor, { entity: 'evaluation_settings', entityId: 1, action: 'update', before, after }, requestId);
  return after;
}
