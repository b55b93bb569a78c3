import {
  type CampaignPostsResponse,
  POSTS_PER_DAY,
  type PostBadge,
  type PostKind,
  type ReplyDto,
  type ReportedPostDto,
  THREADS_PER_PAGE,
  type ThreadDto,
} from '@indiesplit/shared/community';
import type { Caller, Staff } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { RULES } from '../../platform/rate-limit.ts';
import { notifyQuestionAnswered } from './emails.ts';
import * as repo from './repo.ts';

// Questions and comments on campaign pages (ADR 0038): who may post, threads one level deep, the
// studio's answer, reports and moderation. Every change is one transaction with its audit event and
// its email.

const DAY_MS = 86_400_000;

/** Posting needs a verified email, and stays within the burst limits and the daily cap. */
async function assertMayPost(ctx: AppContext, caller: Caller, ip: string, db = ctx.db): Promise<void> {
  const poster = await repo.posterOf(db, caller.id);
  if (!poster || poster.deletedAt) throw new AppError('notAuthenticated', 401);
  if (!poster.emailVerifiedAt) throw new AppError('communityEmailNotVerified', 403);
  await ctx.limiter.consume(RULES.communityPostPerIp, ip);
  await ctx.limiter.consume(RULES.communityPostPerAccount, caller.id);
  const today = await repo.postsSince(db, caller.id, new Date(Date.now() - DAY_MS));
  if (today >= POSTS_PER_DAY) throw new AppError('communityDailyLimit', 429);
}

/** A new question or comment on a campaign's page. */
export async function postThread(
  ctx: AppContext,
  caller: Caller,
  slug: string,
  input: { kind: PostKind; body: string },
  ip: string,
): Promise<{ id: string }> {
  const campaign = await repo.findPublicCampaign(ctx.db, slug);
  if (!campaign) throw notFound();
  await assertMayPost(ctx, caller, ip);
  const post = await repo.insertPost(ctx.db, {
    campaignId: campaign.id,
    authorId: caller.id,
    kind: input.kind,
    body: input.body,
  });
  return { id: post.id };
}

/**
 * A reply under a thread's first post. Threads are one level deep: a reply to a reply is refused.
 * The studio's first reply to a question answers it, and the asker is notified (ADR 0037).
 */
export async function reply(
  ctx: AppContext,
  caller: Caller,
  parentId: string,
  body: string,
  ip: string,
): Promise<{ id: string }> {
  const parent = await repo.getPost(ctx.db, parentId);
  const campaign = parent && (await repo.campaignOf(ctx.db, parent.campaignId));
  if (!parent || !campaign || (parent.hiddenAt && parent.authorId !== caller.id && !caller.staffRole))
    throw notFound();
  if (!(await repo.findPublicCampaign(ctx.db, campaign.slug ?? ''))) throw notFound();
  if (parent.parentId)
    throw new AppError('communityReplyDepth', 400, { fields: { body: 'communityReplyDepth' } });
  await assertMayPost(ctx, caller, ip);
  let answered = false;
  const row = await ctx.db.transaction(async (tx) => {
    // Under the parent's lock: it cannot be hidden or answered twice meanwhile.
    const locked = await repo.lockPost(tx, parentId);
    if (!locked) throw notFound();
    if (locked.hiddenAt) throw new AppError('communityPostHidden', 409);
    const created = await repo.insertPost(tx, {
      campaignId: locked.campaignId,
      parentId: locked.id,
      authorId: caller.id,
      kind: 'reply',
      body,
    });
    const byStudio = campaign.developerId !== null && campaign.developerId === caller.id;
    if (
      byStudio &&
      locked.kind === 'question' &&
      (await repo.markAnswered(tx, locked.id, created.createdAt))
    ) {
      // The studio asking and answering itself is told nothing.
      if (locked.authorId !== caller.id)
        answered = await notifyQuestionAnswered(tx, ctx.config.publicUrl, locked, campaign, body);
    }
    return created;
  });
  if (answered) ctx.mail.nudge();
  return { id: row.id };
}

/** A member reports a post they can see; one report per member and post (a second one updates it). */
export async function report(ctx: AppContext, caller: Caller, postId: string, reason: string): Promise<void> {
  await ctx.limiter.consume(RULES.communityReportPerAccount, caller.id);
  const post = await repo.getPost(ctx.db, postId);
  if (!post || (post.hiddenAt && post.authorId !== caller.id && !caller.staffRole)) throw notFound();
  await repo.addReport(ctx.db, postId, caller.id, reason);
}

/** Staff hide a post with a reason its author is shown; its open reports are settled. */
export async function hidePost(ctx: AppContext, staff: Staff, postId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, postId);
    if (!post) throw notFound();
    const now = new Date();
    await repo.updatePost(tx, postId, {
      hiddenAt: now,
      hiddenReason: reason,
      hiddenBy: staff.id,
      pinnedAt: null,
    });
    await repo.resolveReports(tx, postId, now);
    await recordEvent(tx, {
      userId: staff.id,
      kind: 'community_post_hidden',
      data: { post_id: postId, reason },
    });
  });
}

export async function unhidePost(ctx: AppContext, staff: Staff, postId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, postId);
    if (!post) throw notFound();
    await repo.updatePost(tx, postId, { hiddenAt: null, hiddenReason: null, hiddenBy: null });
    await repo.resolveReports(tx, postId, new Date());
    await recordEvent(tx, { userId: staff.id, kind: 'community_post_shown', data: { post_id: postId } });
  });
}

/** Staff leave a reported post up: its reports are settled. */
export async function dismissReports(ctx: AppContext, staff: Staff, postId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, postId);
    if (!post) throw notFound();
    await repo.resolveReports(tx, postId, new Date());
    await recordEvent(tx, {
      userId: staff.id,
      kind: 'community_reports_dismissed',
      data: { post_id: postId },
    });
  });
}

/** Staff pin a thread to the top of the page (or unpin it). Replies and hidden posts are not pinned. */
export async function pinPost(ctx: AppContext, staff: Staff, postId: string, pinned: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, postId);
    if (!post) throw notFound();
    if (post.parentId) throw new AppError('communityReplyDepth', 400);
    if (post.hiddenAt && pinned) throw new AppError('communityPostHidden', 409);
    await repo.updatePost(tx, postId, { pinnedAt: pinned ? new Date() : null });
    await recordEvent(tx, {
      userId: staff.id,
      kind: pinned ? 'community_post_pinned' : 'community_post_unpinned',
      data: { post_id: postId },
    });
  });
}

type ListedRow = Awaited<ReturnType<typeof repo.listReplies>>[number];

/** The discussion of a campaign's page, one page of threads with their replies. */
export async function listPosts(
  ctx: AppContext,
  caller: Caller | null,
  slug: string,
  page: number,
): Promise<CampaignPostsResponse> {
  const campaign = await repo.findPublicCampaign(ctx.db, slug);
  if (!campaign) throw notFound();
  const canModerate = caller?.staffRole === 'admin';
  const visibility = { staff: canModerate, viewerId: caller?.id ?? null };
  const { rows, total } = await repo.listThreads(ctx.db, campaign.id, visibility, {
    limit: THREADS_PER_PAGE,
    offset: (page - 1) * THREADS_PER_PAGE,
  });
  const replies = await repo.listReplies(
    ctx.db,
    rows.map((r) => r.post.id),
    visibility,
  );
  const authors = [...new Set([...rows, ...replies].map((r) => r.post.authorId).filter((id) => id !== null))];
  const investors = await repo.investorsAmong(ctx.db, campaign.id, authors);
  const badgesOf = (r: ListedRow): PostBadge[] => {
    const id = r.post.authorId;
    if (!id) return [];
    const badges: PostBadge[] = [];
    if (id === campaign.developerId) badges.push('studio');
    if (r.staffRole) badges.push('staff');
    if (investors.has(id)) badges.push('investor');
    return badges;
  };
  const present = (r: ListedRow): ReplyDto => {
    const mine = caller !== null && r.post.authorId === caller.id;
    return {
      id: r.post.id,
      author: r.author,
      badges: badgesOf(r),
      body: r.post.body,
      created_at: r.post.createdAt.toISOString(),
      hidden: r.post.hiddenAt !== null,
      // The reason is for the author and the moderators only (others never get a hidden post).
      hidden_reason: r.post.hiddenAt && (mine || canModerate) ? r.post.hiddenReason : null,
      mine,
    };
  };
  const threads: ThreadDto[] = rows.map((r) => ({
    ...present(r),
    kind: r.post.kind === 'comment' ? 'comment' : 'question',
    pinned: r.post.pinnedAt !== null,
    answered: r.post.answeredAt !== null,
    replies: replies.filter((x) => x.post.parentId === r.post.id).map(present),
  }));
  let canPost = false;
  if (caller) {
    const poster = await repo.posterOf(ctx.db, caller.id);
    canPost = Boolean(poster?.emailVerifiedAt && !poster.deletedAt);
  }
  return {
    threads,
    page,
    pages: Math.max(1, Math.ceil(total / THREADS_PER_PAGE)),
    unanswered: await repo.countUnanswered(ctx.db, campaign.id),
    can_post: canPost,
    can_moderate: canModerate,
  };
}

/** The moderators' queue: posts with open reports. */
export async function listReportedPosts(ctx: AppContext): Promise<ReportedPostDto[]> {
  const rows = await repo.listReported(ctx.db, 200);
  return rows.map((r) => ({
    id: r.id,
    campaign_slug: r.campaignSlug,
    campaign_title: r.campaignTitle,
    author: r.author,
    body: r.body,
    hidden: r.hiddenAt !== null,
    reports: Number(r.reports),
    reasons: (r.reasons ?? []).filter((x) => x !== ''),
    last_reported_at: new Date(r.lastReportedAt).toISOString(),
  }));
}

/** Moderation is the platform team's (admins): a member gets 403 staffOnly, a reviewer adminOnly. */
export function assertModerator(caller: Caller): void {
  if (!caller.staffRole) throw forbidden('staffOnly');
  if (caller.staffRole !== 'admin') throw forbidden('adminOnly');
}
