/**
 * The SQL of a student's LINE link and opt-out, of the link codes the webhook redeems, and of a staff member's
 * in-app notification list (outbox rows of channel 'app' naming them).
 */
import { sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

/** The student of a registration, with its branch, their LINE link, opt-out and open link code. */
export async function studentOf(conn: Conn, applicationId: number) {
  return rowsOf<{
    application_id: number;
    branch_id: number;
    customer_id: number;
    customer_name: string;
    line_user_id: string;
    opt_out: boolean;
    code: string | null;
    expires_at: string | null;
  }>(
    await conn.execute(sql`select a.application_id, a.branch_id, c.customer_id,
        trim(c.prefix || c.fname || ' ' || c.sname) as customer_name, c.line_user_id, c.reminders_opt_out as opt_out,
        k.code, to_char(k.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at
      from applications a join customers c on c.customer_id = a.customer_id
      left join lateral (select code, expires_at from line_link_codes k where k.customer_id = c.customer_id
        and k.used_at is null and k.expires_at > now() order by k.created_at desc limit 1) k on true
      where a.application_id = ${applicationId} and not a.is_delete`),
  )[0];
}

export async function setOptOut(conn: Conn, customerId: number, optOut: boolean) {
  await conn.execute(sql`update customers set reminders_opt_out = ${optOut} where customer_id = ${customerId}`);
}

export async function clearLink(conn: Conn, customerId: number) {
  await conn.execute(sql`update customers set line_user_id = '' where customer_id = ${customerId}`);
  await conn.execute(sql`delete from line_link_codes where customer_id = ${customerId} and used_at is null`);
}

/** A new code for a customer (their older unused codes are dropped); false when the code is taken. */
export async function insertCode(
  conn: Conn,
  c: { code: string; customer_id: number; branch_id: number; user_id: number; days: number },
) {
  await conn.execute(sql`delete from line_link_codes where customer_id = ${c.customer_id} and used_at is null`);
  const rows = rowsOf<{ code: string }>(
    await conn.execute(sql`insert into line_link_codes (code, customer_id, branch_id, created_by, expires_at)
      values (${c.code}, ${c.customer_id}, ${c.branch_id}, ${c.user_id}, now() + make_interval(days => ${c.days}))
      on conflict (code) do nothing returning code`),
  );
  return rows.length > 0;
}

/**
 * Redeems a code sent from a LINE user: the customer gets the LINE user ID, the code is used. Returns the
 * customer's name and branch, or undefined for an unknown, used or expired code. One statement: a code is used once.
 */
export async function redeemCode(conn: Conn, code: string, lineUserId: string) {
  const [k] = rowsOf<{ customer_id: number; branch_id: number }>(
    await conn.execute(sql`update line_link_codes set used_at = now(), line_user_id = ${lineUserId}
      where code = ${code} and used_at is null and expires_at > now() returning customer_id, branch_id`),
  );
  if (!k) return undefined;
  const [c] = rowsOf<{ name: string }>(
    await conn.execute(sql`update customers set line_user_id = ${lineUserId} where customer_id = ${k.customer_id}
      returning fname || ' ' || sname as name`),
  );
  return { ...k, name: c?.name ?? '' };
}

/** A LINE user who blocked the Official Account: their link is dropped (a push would be refused). */
export async function unlinkLineUser(conn: Conn, lineUserId: string) {
  await conn.execute(sql`update customers set line_user_id = '' where line_user_id = ${lineUserId}`);
}

// ---- the in-app list ----

export async function notificationsOf(db: Db, userId: number, limit: number) {
  const [rows, unread] = await Promise.all([
    db.execute(sql`select o.outbox_id, o.kind, o.subject, o.body, o.reason, coalesce(b.name, 'ทุกสาขา') as branch_name,
        to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, o.read_at is not null as read
      from reminder_outbox o left join branches b on b.branch_id = o.branch_id
      where o.channel = 'app' and o.user_id = ${userId}
      order by o.created_at desc, o.outbox_id desc limit ${limit}`),
    db.execute(sql`select count(*)::int as n from reminder_outbox
      where channel = 'app' and user_id = ${userId} and read_at is null`),
  ]);
  return {
    rows: rowsOf<{
      outbox_id: number;
      kind: string;
      subject: string;
      body: string;
      reason: string;
      branch_name: string;
      created_at: string;
      read: boolean;
    }>(rows),
    unread: rowsOf<{ n: number }>(unread)[0]?.n ?? 0,
  };
}

/** Marks the caller's message (or all of theirs) read; returns how many changed. */
export async function markRead(conn: Conn, userId: number, outboxId: number | undefined) {
  return rowsOf<{ outbox_id: number }>(
    await conn.execute(sql`update reminder_outbox set read_at = now()
      where channel = 'app' and user_id = ${userId} and read_at is null
        ${outboxId === undefined ? sql`` : sql`and outbox_id = ${outboxId}`} returning outbox_id`),
  ).length;
}
