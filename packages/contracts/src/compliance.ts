/**
 * The compliance calendar: every dated obligation of the school in one list — statutory filings computed from dated
 * rules (social security, ภ.ง.ด.1, 50 ทวิ), vehicle renewals, exam permissions running out, exam sessions, the
 * payroll of the month, days without a cash close — each with where it is done and whether it is done. The same
 * items feed an iCalendar (.ics) subscription behind a revocable secret link.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, Nullable, Text } from './common.js';

const S = Type.String();
const closed = { additionalProperties: false } as const;

export const COMPLIANCE_KINDS = [
  'sso',
  'pnd1',
  'pnd1_efiling',
  'wht50',
  'payroll',
  'vehicle',
  'permission',
  'exam',
  'cash_close',
] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const COMPLIANCE_KIND_NAMES: Record<ComplianceKind, string> = {
  sso: 'ประกันสังคม',
  pnd1: 'ภ.ง.ด.1',
  pnd1_efiling: 'ภ.ง.ด.1 (ออนไลน์)',
  wht50: '50 ทวิ',
  payroll: 'เงินเดือน',
  vehicle: 'รถ',
  permission: 'สิทธิ์สอบ',
  exam: 'รอบสอบ',
  cash_close: 'ปิดยอดประจำวัน',
};

export const ComplianceQuery = Type.Object(
  {
    /** one branch in the caller's scope; absent or ทั้งหมด: every branch in scope */
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    /** the first and last day (CE); default the month of today */
    start: Type.Optional(IsoDate('any')),
    end: Type.Optional(IsoDate('any')),
  },
  closed,
);
export type ComplianceQuery = Static<typeof ComplianceQuery>;

export const ComplianceItem = Type.Object(
  {
    /** stable per obligation (the iCalendar UID is made from it) */
    key: S,
    kind: S,
    kind_name: S,
    date: S,
    /** null: the whole school (a statutory filing), else the branch it belongs to */
    branch_id: Nullable(Type.Integer()),
    branch_name: S,
    title: S,
    note: S,
    /** open, done (filed / renewed / closed), overdue (past its date and not done) */
    state: Type.Union([Type.Literal('open'), Type.Literal('done'), Type.Literal('overdue')]),
    /** where it is done: the web path and its URL filters */
    link: Type.Object({ path: S, query: Type.Record(S, S) }, closed),
    /** a filing that staff tick as done by hand (the product cannot see the filing itself) */
    can_mark: Type.Boolean(),
  },
  closed,
);
export type ComplianceItem = Static<typeof ComplianceItem>;

export const ComplianceCalendar = Type.Object(
  {
    start: S,
    end: S,
    branch_id: Nullable(Type.Integer()),
    branches: Type.Array(Type.Object({ value: Type.Integer(), name: S }, closed)),
    items: Type.Array(ComplianceItem),
  },
  closed,
);
export type ComplianceCalendar = Static<typeof ComplianceCalendar>;

export const ComplianceMarkBody = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100 }),
    done: Type.Boolean(),
  },
  closed,
);
export type ComplianceMarkBody = Static<typeof ComplianceMarkBody>;

export const ComplianceFeed = Type.Object(
  {
    feed_id: Type.Integer(),
    branch_id: Nullable(Type.Integer()),
    branch_name: S,
    name: S,
    created_by_name: S,
    created_at: S,
    revoked_at: Nullable(S),
    last_read_at: Nullable(S),
  },
  closed,
);
export type ComplianceFeed = Static<typeof ComplianceFeed>;

export const ComplianceFeedCreateBody = Type.Object(
  {
    /** null: every branch (only for those who see every branch) */
    branch_id: Nullable(Id()),
    name: Text(100),
  },
  closed,
);
export type ComplianceFeedCreateBody = Static<typeof ComplianceFeedCreateBody>;

/** The new feed with its secret path, shown once (only its hash is kept). */
export const ComplianceFeedCreated = Type.Object({ feed: ComplianceFeed, path: S }, closed);
export type ComplianceFeedCreated = Static<typeof ComplianceFeedCreated>;

export const ComplianceFeedRevokeBody = Type.Object({ feed_id: Id() }, closed);
export type ComplianceFeedRevokeBody = Static<typeof ComplianceFeedRevokeBody>;
