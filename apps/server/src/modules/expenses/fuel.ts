/**
 * Fuel economy from full-tank fills (DOMAIN: "fuel economy from full-tank fills"): at a full tank that follows an
 * earlier full tank, km per litre = the kilometres between the two ÷ the litres of every fill after the earlier one
 * up to and including this one.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { FuelFill } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { expenses } from '../../db/schema/fleet.js';

/** litres "40.5" → hundredths 4050 */
const hundredths = (v: string) => toSatang(v);
/** a / b to two decimals, rounded half up, as a string */
function ratio2(a: number, b: number): string {
  return fromSatang(Math.round((a * 100) / b));
}

export function computeFuel(
  rows: {
    expenses_id: number;
    date: string;
    mile: number;
    liters: string | null;
    is_full_tank: boolean;
    value: string;
  }[],
): FuelFill[] {
  const out: FuelFill[] = [];
  let lastFull: { mile: number; value: number } | null = null;
  let litres = 0; // hundredths since the last full tank
  let baht = 0; // satang since the last full tank
  for (const r of rows) {
    litres += r.liters ? hundredths(r.liters) : 0;
    baht += toSatang(r.value);
    let kmpl: string | null = null;
    let bpk: string | null = null;
    if (r.is_full_tank) {
      if (lastFull && r.mile > lastFull.mile && litres > 0) {
        const km = r.mile - lastFull.mile;
        kmpl = ratio2(km * 100, litres);
        bpk = fromSatang(Math.round(baht / km));
      }
      lastFull = { mile: r.mile, value: 0 };
      litres = 0;
      baht = 0;
    }
    out.push({
      expenses_id: r.expenses_id,
      date: r.date,
      mile: r.mile,
      liters: r.liters === null ? null : fromSatang(toSatang(r.liters)),
      is_full_tank: r.is_full_tank,
      value: fromSatang(toSatang(r.value)),
      km_per_liter: kmpl,
      baht_per_km: bpk,
    });
  }
  return out;
}

/** A vehicle's fills with a mileage, oldest first, with km per litre at each full tank after the first. */
export async function fuelFills(conn: Conn, vehicleId: number): Promise<FuelFill[]> {
  const rows = await conn
    .select({
      expenses_id: expenses.expenses_id,
      date: expenses.date,
      mile: expenses.mile,
      liters: expenses.liters,
      is_full_tank: expenses.is_full_tank,
      value: expenses.value,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.vehicle_id, vehicleId),
        eq(expenses.is_delete, false),
        isNotNull(expenses.liters),
        isNotNull(expenses.mile),
      ),
    )
    .orderBy(asc(expenses.mile), asc(expenses.date), asc(expenses.expenses_id));
  return computeFuel(rows as never);
}

/** The average over the full-tank figures (total km ÷ total litres of those stretches). */
export function averageKmPerLiter(fills: FuelFill[]): string | null {
  let km = 0;
  let litres = 0;
  let prevFull: number | null = null;
  let since = 0;
  for (const f of fills) {
    since += f.liters ? hundredths(f.liters) : 0;
    if (f.is_full_tank) {
      if (prevFull !== null && f.mile > prevFull && since > 0) {
        km += f.mile - prevFull;
        litres += since;
      }
      prevFull = f.mile;
      since = 0;
    }
  }
  return litres > 0 ? ratio2(km * 100, litres) : null;
}
