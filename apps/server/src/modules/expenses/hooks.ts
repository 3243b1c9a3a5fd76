import type { Conn } from '../../db/connection.js';
import type { vehicles } from '../../db/schema/fleet.js';
import type { Actor } from '../../http/auth.js';
import { hookList } from '../../lib/hooks.js';

/** A renewal being recorded: the expense that rolls one of a vehicle's due dates. */
export interface Renewal {
  expenses_id: number;
  /** tax, compulsory, insurance or check */
  kind: string;
  /** the day paid */
  date: string;
  /** the new due date */
  until: string;
  /** a manager's reason to record it although a rule refuses it */
  override: string | null;
}

/**
 * What a higher module checks, in the expense's transaction and with the vehicle's row locked, before a renewal rolls
 * the vehicle's due date: the vehicles module refuses a tax renewal its dated rules forbid (a Thai 4xx rolls the whole
 * write back). Expenses do not import the modules above them; those register here when they load (modules/index.ts
 * loads every module's index.ts).
 */
export type RenewalCheck = (
  tx: Conn,
  actor: Actor,
  vehicle: typeof vehicles.$inferSelect,
  renewal: Renewal,
  reqId: string,
) => Promise<void>;

const renewalChecks = hookList<Parameters<RenewalCheck>>();

export const onRenewal = renewalChecks.add;

/** Runs every registered check of a renewal about to roll a vehicle's due date. */
export const checkRenewal = renewalChecks.run;
