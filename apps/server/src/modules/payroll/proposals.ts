/**
 * Income lines other modules propose for a person's month (instructor pay from completed lessons). Payroll does not
 * import the modules above it: they register a provider here when they load (modules/index.ts loads every module's
 * index.ts), as vehicles register a renewal check with expenses.
 *
 * A proposal fills the sheet's first column of its category (e.g. ค่าสอน, category 'teaching') as one rate × quantity
 * item per rate. It is only a proposal: what HR typed into the draft (sent now, or saved with an amount) stands.
 */
import type { Conn } from '../../db/connection.js';

export interface ProposedItem {
  user_id: number;
  /** the item category of the sheet column it fills */
  category: string;
  /** satang per unit */
  rate: number;
  /** hundredths of a unit (3 hours = 300) */
  quantity: number;
}

/** One set-based read for every person of a sheet (or of the chain): called once per sheet, never per person. */
export type ProposedItemsProvider = (conn: Conn, userIds: number[], month: string) => Promise<ProposedItem[]>;

const providers = new Set<ProposedItemsProvider>();

export function onProposedItems(provider: ProposedItemsProvider) {
  providers.add(provider);
}

/** Every registered provider's proposals for these people's month, by person. */
export async function proposedItems(conn: Conn, userIds: number[], month: string) {
  const out = new Map<number, ProposedItem[]>();
  if (!userIds.length) return out;
  // one after the other: the connection may be a transaction's single client
  for (const provide of providers)
    for (const p of await provide(conn, userIds, month))
      if (p.rate > 0 && p.quantity > 0) out.set(p.user_id, [...(out.get(p.user_id) ?? []), p]);
  return out;
}
