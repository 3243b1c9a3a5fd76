import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ageOn, isValidThaiNationalId, maskPhone, phoneDigits, todayBangkok } from '@khabkhi/thai';
import type { Conn, Db } from '../../db/connection.js';
import { auditLog, branches } from '../../db/schema/core.js';
import { applications, customers } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { canDo, type Actor } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../http/errors.js';
import type { CustomerInput } from './schemas.js';
import { rowsOf } from '../../db/sql.js';

export type CustomerRow = typeof customers.$inferSelect;

/** National ID: digits only; passport: upper-case letters and digits. Throws a Thai 400 when invalid. */
export function normalizeIdentity(idcard: string, isForeigner: boolean): string {
  if (isForeigner) {
    const p = idcard.replace(/\s/g, '').toUpperCase();
    if (!/^[A-Z0-9]{5,20}$/.test(p)) throw badRequest('เลขหนังสือเดินทาง: ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 5–20 ตัว');
    return p;
  }
  const id = idcard.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(id)) throw badRequest('เลขบัตรประชาชน: ต้องเป็นตัวเลข 13 หลัก');
  if (!isValidThaiNationalId(id)) throw badRequest('เลขบัตรประชาชน: เลขไม่ถูกต้อง (ตรวจสอบหลักสุดท้ายไม่ผ่าน)');
  return id;
}

function checkBirthday(b: string | null | undefined) {
  if (!b) return;
  const today = todayBangkok();
  if (b > today) throw badRequest('วันเกิด: ต้องไม่เป็นวันในอนาคต');
  if (b < '1900-01-01') throw badRequest('วันเกิด: วันที่ไม่ถูกต้อง');
}

function values(input: Omit<CustomerInput, 'customer_id'>) {
  const trim = (s: string | undefined) => (s ?? '').trim();
  return {
    is_foreigner: input.is_foreigner,
    idcard: normalizeIdentity(input.idcard, input.is_foreigner),
    prefix: trim(input.prefix),
    fname: trim(input.fname),
    sname: trim(input.sname),
    fname_en: trim(input.fname_en),
    sname_en: trim(input.sname_en),
    birthday: input.birthday ?? null,
    address: trim(input.address),
    moo: trim(input.moo),
    soi: trim(input.soi),
    street: trim(input.street),
    subdistrict: trim(input.subdistrict),
    district: trim(input.district),
    province: trim(input.province),
    postcode: trim(input.postcode),
    phone_1: phoneDigits(input.phone_1),
    phone_2: phoneDigits(input.phone_2),
  };
}

/** Customer → API: money-free, with age derived from the birthday (today in Bangkok). */
export function customerApi(c: CustomerRow) {
  return {
    customer_id: c.customer_id,
    is_foreigner: c.is_foreigner,
    idcard: c.idcard,
    prefix: c.prefix,
    fname: c.fname,
    sname: c.sname,
    name: fullName(c),
    fname_en: c.fname_en,
    sname_en: c.sname_en,
    birthday: c.birthday,
    age: c.birthday ? ageOn(c.birthday, todayBangkok()) : null,
    address: c.address,
    moo: c.moo,
    soi: c.soi,
    street: c.street,
    subdistrict: c.subdistrict,
    district: c.district,
    province: c.province,
    postcode: c.postcode,
    phone_1: c.phone_1,
    phone_2: c.phone_2,
    branch_id: c.branch_id,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function fullName(c: { prefix: string; fname: string; sname: string }) {
  return `${c.prefix}${c.fname}${c.sname ? ` ${c.sname}` : ''}`.trim();
}

/** One line address as Thai documents print it; Bangkok uses แขวง/เขต, elsewhere ตำบล/อำเภอ/จังหวัด. */
export function formatAddress(a: {
  address: string;
  moo: string;
  soi: string;
  street: string;
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}) {
  const bkk = a.province === 'กรุงเทพมหานคร' || a.province === 'กรุงเทพฯ';
  const parts = [
    a.address,
    a.moo && `หมู่ ${a.moo}`,
    a.soi && `ซอย${a.soi}`,
    a.street && `ถนน${a.street}`,
    a.subdistrict && `${bkk ? 'แขวง' : 'ตำบล'}${a.subdistrict}`,
    a.district && `${bkk ? 'เขต' : 'อำเภอ'}${a.district}`,
    a.province && (bkk ? a.province : `จังหวัด${a.province}`),
    a.postcode,
  ];
  return parts.filter(Boolean).join(' ');
}

export async function findCustomerByIdentity(
  conn: Conn,
  idcard: string,
  isForeigner: boolean,
): Promise<CustomerRow | undefined> {
  const [row] = await conn
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.is_foreigner, isForeigner),
        sql`upper(${customers.idcard}) = ${idcard.toUpperCase()}`,
        eq(customers.is_delete, false),
      ),
    );
  return row;
}

/**
 * Privacy across branches (README "Customer privacy across branches"): a customer belongs to the branches that
 * registered them or hold one of their applications. Another branch that types the ID number sees only enough to
 * know the person is known — name, a masked phone and the branch — until the cashier confirms identity from the
 * ID card (customer/confirm); the head office (users of every branch) sees the whole record.
 */
export async function isCustomerOfActor(conn: Conn, actor: Actor, c: CustomerRow): Promise<boolean> {
  if (actor.branchScope === null || actor.branchScope.includes(c.branch_id)) return true;
  const [mine] = await conn
    .select({ id: applications.application_id })
    .from(applications)
    .where(and(eq(applications.customer_id, c.customer_id), inArray(applications.branch_id, actor.branchScope)))
    .limit(1);
  return !!mine;
}

/** What another branch sees before the customer has shown their ID card. */
export function limitedCustomerApi(c: CustomerRow, branchName: string) {
  return {
    limited: true as const,
    customer_id: c.customer_id,
    is_foreigner: c.is_foreigner,
    idcard: c.idcard,
    prefix: c.prefix,
    fname: c.fname,
    sname: c.sname,
    name: fullName(c),
    phone_masked: maskPhone(c.phone_1),
    branch_name: branchName,
  };
}

async function identityOrNotFound(conn: Conn, idcard: string, isForeigner: boolean) {
  let id: string;
  try {
    id = normalizeIdentity(idcard, isForeigner);
  } catch {
    throw notFound('ไม่พบข้อมูลลูกค้า');
  }
  const row = await findCustomerByIdentity(conn, id, isForeigner);
  if (!row) throw notFound('ไม่พบข้อมูลลูกค้า');
  return row;
}

/** customer/check: the returning customer's fields (or, at another branch, the limited view), or a Thai 404. */
export async function checkCustomer(conn: Conn, actor: Actor, idcard: string, isForeigner: boolean) {
  const row = await identityOrNotFound(conn, idcard, isForeigner);
  if (await isCustomerOfActor(conn, actor, row)) return { ...customerApi(row), limited: false as const };
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, row.branch_id));
  return limitedCustomerApi(row, b?.name ?? '');
}

const CONFIRM_TRIES = 5;
const CONFIRM_WINDOW_MINUTES = 15;

/**
 * customer/confirm: the cashier has the customer's ID card in hand and types (or the card reader gives) the
 * birthday printed on it; when it matches, the whole record is released to this branch and the look is audited.
 * A wrong birthday is audited too, and five wrong ones in 15 minutes by one user for one customer stop the tries.
 */
export async function confirmCustomer(
  db: Db,
  actor: Actor,
  input: { idcard: string; is_foreigner?: boolean; birthday: string },
  reqId?: string,
) {
  const row = await identityOrNotFound(db, input.idcard, input.is_foreigner ?? false);
  if (await isCustomerOfActor(db, actor, row)) return { ...customerApi(row), limited: false as const };
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'customer'),
        eq(auditLog.entity_id, String(row.customer_id)),
        eq(auditLog.action, 'confirm-refused'),
        eq(auditLog.user_id, actor.userId),
        sql`${auditLog.at} > now() - make_interval(mins => ${CONFIRM_WINDOW_MINUTES})`,
      ),
    )) as [{ n: number }];
  if (n >= CONFIRM_TRIES)
    throw tooMany(
      `ยืนยันตัวตนไม่สำเร็จเกิน ${CONFIRM_TRIES} ครั้ง กรุณารอ ${CONFIRM_WINDOW_MINUTES} นาที หรือให้สำนักงานใหญ่ตรวจสอบ`,
    );
  if (row.birthday !== input.birthday) {
    await audit(
      db,
      actor,
      {
        entity: 'customer',
        entityId: row.customer_id,
        action: 'confirm-refused',
        branchId: actor.branchId,
        after: { birthday_typed: input.birthday },
      },
      reqId,
    );
    throw badRequest(
      row.birthday
        ? 'วันเกิด: ไม่ตรงกับข้อมูลลูกค้า กรุณาตรวจบัตรประชาชนของลูกค้าอีกครั้ง'
        : 'วันเกิด: ลูกค้ารายนี้ไม่มีวันเกิดในระบบ กรุณากรอกข้อมูลจากบัตรประชาชนใหม่ทั้งหมด',
    );
  }
  await audit(
    db,
    actor,
    { entity: 'customer', entityId: row.customer_id, action: 'confirm', branchId: actor.branchId },
    reqId,
  );
  return { ...customerApi(row), limited: false as const };
}

/**
 * The customer rule: who may change a customer's stored record. It needs the update-Customer ability and,
 * for a branch user, a customer of their branches (registered there, or with an application there).
 * customer/updateprofile and the registration forms both ask here, so neither path bypasses the other.
 */
export async function mayEditCustomer(conn: Conn, actor: Actor, customerId: number): Promise<boolean> {
  if (!canDo(actor, 'update', 'Customer')) return false;
  if (actor.branchScope === null) return true;
  const [mine] = await conn
    .select({ id: customers.customer_id })
    .from(customers)
    .leftJoin(applications, eq(applications.customer_id, customers.customer_id))
    .where(
      and(
        eq(customers.customer_id, customerId),
        or(inArray(customers.branch_id, actor.branchScope), inArray(applications.branch_id, actor.branchScope)),
      ),
    )
    .limit(1);
  return Boolean(mine);
}

/**
 * Inside the registration transaction: the customer with this identity, created or updated with the form's
 * fields (a returning customer's newer address and phone win) — when the user may edit that customer
 * (mayEditCustomer); otherwise the application is made for the customer as stored, unchanged. Locked for
 * the rest of the transaction.
 */
export async function upsertCustomer(
  tx: Conn,
  actor: Actor,
  input: CustomerInput,
  branchId: number,
  reqId?: string,
): Promise<CustomerRow> {
  checkBirthday(input.birthday);
  const v = values(input);
  if (input.customer_id) {
    const [byId] = await tx.select().from(customers).where(eq(customers.customer_id, input.customer_id)).for('update');
    if (!byId || byId.is_delete) throw badRequest('ลูกค้า: ไม่พบข้อมูลลูกค้านี้');
    if (byId.idcard !== v.idcard || byId.is_foreigner !== v.is_foreigner) {
      throw badRequest('เลขบัตรประชาชน: ไม่ตรงกับลูกค้าที่เลือก กรุณาค้นหาลูกค้าใหม่');
    }
  }
  const inserted = await tx.execute(sql`
    insert into customers (is_foreigner, idcard, prefix, fname, sname, fname_en, sname_en, birthday, address, moo, soi, street,
      subdistrict, district, province, postcode, phone_1, phone_2, branch_id)
    values (${v.is_foreigner}, ${v.idcard}, ${v.prefix}, ${v.fname}, ${v.sname}, ${v.fname_en}, ${v.sname_en}, ${v.birthday}, ${v.address},
      ${v.moo}, ${v.soi}, ${v.street}, ${v.subdistrict}, ${v.district}, ${v.province}, ${v.postcode}, ${v.phone_1}, ${v.phone_2}, ${branchId})
    on conflict (is_foreigner, upper(idcard)) do nothing
    returning customer_id`);
  const newId = rowsOf<{ customer_id: number }>(inserted)[0]?.customer_id;
  if (newId) {
    const [row] = await tx.select().from(customers).where(eq(customers.customer_id, newId));
    await audit(tx, actor, { entity: 'customer', entityId: newId, action: 'create', branchId, after: row }, reqId);
    return row!;
  }
  const [before] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.is_foreigner, v.is_foreigner), sql`upper(${customers.idcard}) = ${v.idcard}`))
    .for('update');
  if (!before) throw conflict('มีการบันทึกลูกค้ารายนี้พร้อมกัน กรุณาลองใหม่อีกครั้ง');
  if (!(await mayEditCustomer(tx, actor, before.customer_id))) return before;
  // a field the form left blank keeps what is on record: a cashier at another branch who has not confirmed the
  // customer's identity sees no address or phone, and registering them must not wipe those out
  const kept = Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      (x === '' || x === null) && before[k as keyof CustomerRow] ? before[k as keyof CustomerRow] : x,
    ]),
  );
  const [after] = await tx
    .update(customers)
    .set({ ...kept, is_delete: false, updatedAt: new Date() })
    .where(eq(customers.customer_id, before.customer_id))
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'customer', entityId: before.customer_id, action: 'update', branchId, before, after },
    reqId,
  );
  return after!;
}

export async function updateProfile(
  db: Db,
  actor: Actor,
  input: CustomerInput & { customer_id: number },
  reqId?: string,
) {
  checkBirthday(input.birthday);
  const v = values(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(customers)
      .where(eq(customers.customer_id, input.customer_id))
      .for('update');
    if (!before || before.is_delete) throw notFound('ไม่พบข้อมูลลูกค้า');
    if (!(await mayEditCustomer(tx, actor, before.customer_id))) throw forbidden('คุณไม่มีสิทธิ์แก้ไขข้อมูลลูกค้าของสาขาอื่น');
    const other = await findCustomerByIdentity(tx, v.idcard, v.is_foreigner);
    if (other && other.customer_id !== before.customer_id) {
      throw conflict('เลขบัตรประชาชน: มีลูกค้าที่ใช้เลขนี้อยู่แล้ว');
    }
    const [after] = await tx
      .update(customers)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(customers.customer_id, before.customer_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'customer', entityId: before.customer_id, action: 'update', branchId: before.branch_id, before, after },
      reqId,
    );
    return customerApi(after!);
  });
}
