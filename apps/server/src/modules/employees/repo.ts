import { and, asc, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { branches, roles, users } from '../../db/schema/core.js';
import { allOf, textSearch } from '../../http/tables.js';
import type { Actor } from '../../http/auth.js';
import { branchScopeWhere } from '../../http/auth.js';
import { liveBranchesInScope } from '../../http/branch.js';

const { password_hash: _omit, ...publicColumns } = getTableColumns(users);
export const userColumns = publicColumns;

export async function findUser(conn: Conn, userId: number) {
  const [row] = await conn
    .select({ ...publicColumns, role_name: roles.name, role_slug: roles.slug, branch_name: branches.name })
    .from(users)
    .innerJoin(roles, eq(roles.role_id, users.role_id))
    .innerJoin(branches, eq(branches.branch_id, users.branch_id))
    .where(and(eq(users.user_id, userId), eq(users.is_delete, false)));
  return row;
}

export async function usernameTaken(conn: Conn, username: string, exceptId?: number) {
  const [r] = await conn
    .select({ id: users.user_id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        eq(users.is_delete, false),
        exceptId ? ne(users.user_id, exceptId) : undefined,
      ),
    );
  return !!r;
}

export interface UserTableFilter {
  branch?: number;
  status?: string;
  role?: number;
  text?: string;
}

export async function userTable(conn: Conn, actor: Actor, f: UserTableFilter, limit: number, offset: number) {
  const where = allOf(
    eq(users.is_delete, false),
    branchScopeWhere(actor, users.branch_id),
    f.branch !== undefined ? eq(users.branch_id, f.branch) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    f.role !== undefined ? eq(users.role_id, f.role) : undefined,
    textSearch(
      f.text,
      [
        users.fname,
        users.sname,
        users.nickname,
        users.username,
        users.phone_1,
        users.phone_2,
        users.idcard,
        sql`${users.fname} || ' ' || ${users.sname}`,
      ],
      [users.phone_1, users.phone_2],
    ),
  );
  const rows = await conn
    .select({
      user_id: users.user_id,
      username: users.username,
      prefix: users.prefix,
      fname: users.fname,
      sname: users.sname,
      nickname: users.nickname,
      phone_1: users.phone_1,
      idcard: users.idcard,
      position: users.position,
      department: users.department,
      status: users.status,
      role_id: users.role_id,
      role_name: roles.name,
      branch_id: users.branch_id,
      branch_name: branches.name,
      photo: users.photo,
      start_date: users.start_date,
      is_demo: users.is_demo,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.role_id, users.role_id))
    .innerJoin(branches, eq(branches.branch_id, users.branch_id))
    .where(where)
    .orderBy(asc(users.branch_id), desc(users.user_id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = (await conn.select({ n: count() }).from(users).where(where)) as [{ n: number }];
  return { rows, total: n };
}

/** Live roles for the employee form, in their order. */
export async function roleRows(conn: Conn) {
  return conn
    .select({ role_id: roles.role_id, name: roles.name, slug: roles.slug })
    .from(roles)
    .where(eq(roles.is_delete, false))
    .orderBy(asc(roles.sort));
}

/** Live roles as {name, value} options (the table's role filter). */
export async function roleOptions(conn: Conn) {
  return conn
    .select({ name: roles.name, value: roles.role_id })
    .from(roles)
    .where(eq(roles.is_delete, false))
    .orderBy(asc(roles.sort));
}

/** The live branches this user works in. */
export async function branchOptionsOf(conn: Conn, actor: Actor) {
  return liveBranchesInScope(conn, actor);
}
