/** A month's workflow history: every step of every version, who did it and when (the payroll's approval requests and its reopenings). */
import type { PayrollHistoryStep } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import type { Actor } from '../../http/auth.js';
import { getPayroll, namesOf, reopenings, workflowRequests } from './repo.js';

const STEP_NAMES: Record<string, string> = {
  submit: 'ส่งตรวจ',
  confirm: 'ยืนยัน',
  approve: 'อนุมัติ',
  send_back: 'ส่งกลับแก้ไข',
  reopen: 'เปิดรอบใหม่',
};

/** payroll/history/{id}: the steps, oldest first. */
export async function payrollHistory(conn: Conn, actor: Actor, payrollId: number): Promise<PayrollHistoryStep[]> {
  await getPayroll(conn, actor, payrollId);
  const requests = await workflowRequests(conn, [payrollId]);
  const reopens = await reopenings(conn, payrollId);
  const names = await namesOf(conn, [
    ...requests.flatMap((r) => [r.requested_by, r.decided_by]),
    ...reopens.map((r) => r.by),
  ]);
  const raw: { step: string; by: number | null; at: Date; reason: string; version: number; self: boolean }[] = [];
  for (const r of requests) {
    const version = Number((r.payload as { version?: number }).version ?? 1);
    if (r.kind === 'payroll_confirm')
      raw.push({ step: 'submit', by: r.requested_by, at: r.createdAt, reason: '', version, self: false });
    if (r.decision !== 'pending' && r.decided_at)
      raw.push({
        step: r.decision === 'rejected' ? 'send_back' : r.kind === 'payroll_confirm' ? 'confirm' : 'approve',
        by: r.decided_by,
        at: r.decided_at,
        reason: r.note,
        version,
        self: r.self_decided,
      });
  }
  for (const r of reopens)
    raw.push({
      step: 'reopen',
      by: r.by,
      at: r.at,
      reason: String((r.after as { reason?: string } | null)?.reason ?? ''),
      version: Number((r.before as { version?: number } | null)?.version ?? 1),
      self: false,
    });
  return raw
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((s) => ({
      step: s.step,
      step_name: STEP_NAMES[s.step] ?? s.step,
      by: s.by ? (names.get(s.by) ?? null) : null,
      at: s.at.toISOString(),
      reason: s.reason,
      version: s.version,
      self: s.self,
    }));
}
