/** The audit log: its query, a row (who, when, branch, entity, before and after) and its filters. */
import { Type, type Static } from 'typebox';
import { Id, Nullable, Option, TableQuery } from './common.js';

/** audit/gettable: the TableQuery words — start/end (dates), user, branch, type = entity, status = action, text = record id. */
export const AuditQuery = TableQuery;
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  user_id: Nullable(Type.Integer()),
  user_name: Type.String(),
  branch_id: Nullable(Type.Integer()),
  branch_name: Type.String(),
  entity: Type.String(),
  entity_name: Type.String(),
  entity_id: Type.String(),
  action: Type.String(),
  action_name: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditFilter = Type.Object({
  branch: Type.Array(Option),
  user: Type.Array(Option),
  type: Type.Array(Option),
  status: Type.Array(Option),
});

export const ApplicationHistoryParams = Type.Object({ id: Id() }, { additionalProperties: false });
