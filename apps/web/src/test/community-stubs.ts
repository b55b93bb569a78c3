import { jsonResponse } from './render.tsx';

/**
 * What a campaign page asks besides the campaign (ADR 0038): its discussion (empty here) and its
 * studio's page (none here). Spread into `stubApi` by tests of screens that show a campaign page.
 */
export function campaignPageCommunity(slug: string) {
  return {
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
