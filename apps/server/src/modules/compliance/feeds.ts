/**
 * The compliance calendar's iCalendar feeds: a random 32-byte secret per feed, handed out once as the feed's path
 * (only its SHA-256 is kept), for one branch or — for head-office staff — every branch. A phone calendar reads it
 * without a login; revoking ends it at once. The feed shows what its maker's role may see, read when it is fetched.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { ComplianceFeedCreateBody, ComplianceFeedCreated } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { can, type Action, type Subject } from '../../http/abilities.js';
import { assertLiveBranch } from '../../http/branch.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Ability } from '../../db/schema/core.js';
import { itemsOf } from './calendar.js';
import { buildCalendar } from './ical.js';
import { feedById, feedOfToken, hashToken, insertFeed, listFeeds, liveBranches, revokeFeed } from './repo.js';

export const FEED_PATH = '/api/compliance/feed/';
/** What a feed shows: from 31 days back (overdue items) to a year ahead. */
const BACK_DAYS = 31;
const AHEAD_DAYS = 366;

const assertFeedScope = (actor: Actor, branchId: number | null) => {
  if (branchId === null) {
    if (actor.branchScope !== null) throw forbidden('ปฏิทินทุกสาขา: เฉพาะผู้ที่ดูแลทุกสาขาเท่านั้น');
  } else assertBranch(actor, branchId);
};

export const feedsOf = (db: Db, actor: Actor) => listFeeds(db, actor.branchScope);

export async function createFeed(
  db: Db,
  actor: Actor,
  b: ComplianceFeedCreateBody,
  reqId: string,
): Promise<ComplianceFeedCreated> {
  assertFeedScope(actor, b.branch_id);
  const token = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    if (b.branch_id !== null) await assertLiveBranch(tx, actor, b.branch_id);
    const feedId = await insertFeed(tx, {
      branch_id: b.branch_id,
      name: b.name.trim(),
      hash: hashToken(token),
      by: actor.userId,
    });
    await audit(
      tx,
      actor,
      { entity: 'compliance_feed', entityId: feedId, action: 'create', branchId: b.branch_id, after: { name: b.name } },
      reqId,
    );
    return feedId;
  });
  const feed = (await feedById(db, id))!;
  const { created_by: _, ...rest } = feed;
  return { feed: rest, path: `${FEED_PATH}${token}.ics` };
}

export async function revoke(db: Db, actor: Actor, feedId: number, reqId: string) {
  const f = await feedById(db, feedId);
  // a feed outside the caller's branches is not theirs to see (their list does not show it either)
  const mine = f && (actor.branchScope === null || (f.branch_id !== null && actor.branchScope.includes(f.branch_id)));
  if (!f || !mine) throw notFound('ไม่พบลิงก์ปฏิทินนี้');
  await db.transaction(async (tx) => {
    await revokeFeed(tx, feedId, actor.userId);
    await audit(
      tx,
      actor,
      { entity: 'compliance_feed', entityId: feedId, action: 'revoke', branchId: f.branch_id },
      reqId,
    );
  });
  return feedId;
}

/** The abilities of a feed's maker's role as it is now (a role narrowed later narrows the feed). */
async function makerAbilities(db: Db, feedId: number) {
  const [r] = rowsOf<{ abilities: Ability[]; branch_id: number; all_branches: boolean; head_office: boolean }>(
    await db.execute(sql`select r.abilities, u.branch_id, r.all_branches, b.is_head_office as head_office
      from compliance_feeds f join users u on u.user_id = f.created_by join roles r on r.role_id = u.role_id
      join branches b on b.branch_id = u.branch_id where f.feed_id = ${feedId}`),
  );
  return r;
}

/** The .ics text of a secret, or null when it names no live feed. */
export async function feedText(db: Db, token: string, now = new Date()): Promise<string | null> {
  const feed = await feedOfToken(db, token.replace(/\.ics$/, ''));
  if (!feed) return null;
  const maker = await makerAbilities(db, feed.feed_id);
  if (!maker) return null;
  const has = (a: Action, s: Subject) => can(maker.abilities, a, s);
  if (!has('read', 'Accounting')) return null;
  const branches = await liveBranches(db, feed.branch_id);
  const today = todayBangkok(now);
  const items = await itemsOf(
    db,
    branches,
    addDays(today, -BACK_DAYS),
    addDays(today, AHEAD_DAYS),
    {
      payroll: has('read', 'Payroll'),
      vehicles: has('read', 'Vehicle'),
      exams: has('read', 'Exam'),
      money: has('read', 'Payment'),
    },
    today,
  );
  const name = `ขับขี่: ปฏิทินงานตามกำหนด${feed.branch_id === null ? ' ทุกสาขา' : ` ${branches[0]?.name ?? ''}`}`;
  return buildCalendar(
    feed.name ? `${name} (${feed.name})` : name,
    items.map((i) => ({
      key: i.key,
      date: i.date,
      summary: i.title,
      description: [
        i.branch_name,
        i.note,
        i.state === 'done' ? 'สถานะ: เสร็จแล้ว' : i.state === 'overdue' ? 'สถานะ: เลยกำหนด' : '',
      ]
        .filter(Boolean)
        .join('\n'),
      done: i.state === 'done',
    })),
    now,
  );
}
