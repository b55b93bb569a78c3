import { randomBytes } from 'node:crypto';
import type { MyStudioProfile, StudioPage } from '@indiesplit/shared/community';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import * as repo from './studio-repo.ts';

// Studio profiles (ADR 0038): each studio (a developer account with public campaigns) has a public
// page with its name, logo, bio, links, and its campaigns with their outcomes. The studio edits its
// bio, links and logo from its account; links are https only, the logo goes through the upload
// pipeline (re-encoded 512x512 WebP). The bio is plain text, shown as text.

const LOGO_PREFIX = 'studios/';
const logoUrl = (key: string | null | undefined) =>
  key ? `/api/studios/media/${key.slice(LOGO_PREFIX.length)}` : null;

/** The public page; 404 for an account with no public campaign. */
export async function getStudioPage(ctx: AppContext, username: string): Promise<StudioPage> {
  const user = await repo.findUserByUsername(ctx.db, username);
  if (!user) throw notFound();
  const list = await repo.publicCampaignsOf(ctx.db, user.id);
  if (list.length === 0) throw notFound();
  const profile = await repo.getProfile(ctx.db, user.id);
  return {
    username: user.username,
    // The legal name the studio gave for its key information sheets, else its username.
    name: list.find((c) => c.studioLegalName)?.studioLegalName || user.username,
    bio: profile?.bio ?? '',
    links: profile?.links ?? [],
    logo_url: logoUrl(profile?.logoKey),
    campaigns: list.map((c) => ({
      slug: c.slug ?? '',
      title: c.title,
      status: c.status,
      currency: c.currency,
      goal_cents: c.goalCents,
      committed_cents: c.committedCents,
      investor_count: c.investorCount,
      launched_on: c.launchedOn,
    })),
  };
}

/** For the campaign page's link: whose studio page it is. */
export async function studioOfCampaign(ctx: AppContext, slug: string): Promise<{ username: string }> {
  const row = await repo.developerOfCampaign(ctx.db, slug);
  if (!row) throw notFound();
  return { username: row.username };
}

export async function getMyStudioProfile(ctx: AppContext, userId: string): Promise<MyStudioProfile> {
  const username = await repo.usernameOf(ctx.db, userId);
  if (!username) throw notFound();
  const profile = await repo.getProfile(ctx.db, userId);
  return {
    username,
    bio: profile?.bio ?? '',
    links: profile?.links ?? [],
    logo_url: logoUrl(profile?.logoKey),
  };
}

export async function updateMyStudioProfile(
  ctx: AppContext,
  userId: string,
  input: { bio: string; links: Array<{ label: string; url: string }> },
): Promise<MyStudioProfile> {
  await repo.upsertProfile(ctx.db, userId, { bio: input.bio, links: input.links });
  return getMyStudioProfile(ctx, userId);
}

export async function setMyStudioLogo(
  ctx: AppContext,
  userId: string,
  data: Buffer,
): Promise<MyStudioProfile> {
  const encoded = await reencodeImage(data, { width: 512, height: 512, quality: 85 });
  const key = `${LOGO_PREFIX}${randomBytes(16).toString('hex')}.webp`;
  await ctx.storage.put(key, encoded);
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      previous = (await repo.getProfile(tx, userId))?.logoKey ?? null;
      await repo.upsertProfile(tx, userId, { logoKey: key });
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => {});
  return getMyStudioProfile(ctx, userId);
}

export async function readStudioLogo(ctx: AppContext, file: string): Promise<Buffer | null> {
  const key = `${LOGO_PREFIX}${file}`;
  return (await repo.logoInUse(ctx.db, key)) ? ctx.storage.get(key) : null;
}
