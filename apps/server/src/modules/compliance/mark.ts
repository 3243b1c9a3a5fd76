/** Ticking a statutory filing as done: head-office staff only (the filing is the school's, not a branch's). */
import type { ComplianceMarkBody } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { setDone } from './repo.js';

const FILING_KEY = /^(sso|pnd1|pnd1_efiling):\d{4}-(0[1-9]|1[0-2])$|^wht50:\d{4}$/;

export async function markDone(db: Db, actor: Actor, b: ComplianceMarkBody, reqId: string) {
  if (actor.branchScope !== null) throw forbidden('การยื่นแบบของโรงเรียน: เฉพาะสำนักงานใหญ่เท่านั้นที่บันทึกได้');
  if (!FILING_KEY.test(b.key)) throw badRequest('รายการ: ไม่ใช่รายการยื่นแบบที่บันทึกได้');
  await db.transaction(async (tx) => {
    if (await setDone(tx, b.key, b.done, actor.userId))
      await audit(
        tx,
        actor,
        { entity: 'compliance', entityId: b.key, action: b.done ? 'done' : 'undone', branchId: null },
        reqId,
      );
  });
}
