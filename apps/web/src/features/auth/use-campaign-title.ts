import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api.ts';

/**
 * The title of the public campaign at `slug`, to say what the login is for ("Log in to invest in
 * …"); null until it is read, and when there is no such campaign.
 */
export function useCampaignTitle(slug: string | null): string | null {
  const [title, setTitle] = useState<{ slug: string; title: string } | null>(null);
  useEffect(() => {
    if (!slug) return;
    const controller = new AbortController();
    apiRequest<{ title: string }>(`/campaigns/${encodeURIComponent(slug)}`, { signal: controller.signal })
      .then((campaign) => setTitle({ slug, title: campaign.title }))
      .catch(() => setTitle(null));
    return () => controller.abort();
  }, [slug]);
  return title && title.slug === slug ? title.title : null;
}
