import { jsonResponse } from './render.tsx';

/**
 * What a campaign page asks besides the campaign: its updates (none here) and whether the member
 * follows it (ADR 0037), its discussion (empty here) and its studio's page (none here, ADR 0038).
 * Spread into `stubApi` by tests of screens that show a campaign page; a test's own answers for
 * these requests go after it.
 */
export function campaignPageCommunity(slug: string) {
  return {
    [`GET /api/campaigns/${slug}/updates/?page=1`]: () =>
      jsonResponse(200, { count: 0, page: 1, pages: 1, results: [] }),
    [`GET /api/campaigns/${slug}/follow/`]: () => jsonResponse(200, { following: false }),
    [`GET /api/campaigns/${slug}/posts?page=1`]: () =>
      jsonResponse(200, {
        threads: [],
        page: 1,
        pages: 1,
        unanswered: 0,
        can_post: false,
        can_moderate: false,
      }),
    [`GET /api/campaigns/${slug}/studio`]: () =>
      jsonResponse(404, { success: false, code: 'notFound', message: 'Not found.', error: 'Not found.' }),
  };
}
