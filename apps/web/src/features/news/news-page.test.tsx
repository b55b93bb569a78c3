// @vitest-environment jsdom
import type { NewsItemDto } from '@indiesplit/shared/news';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n, { loadNamespaces } from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import NewsPage from './news-page.tsx';

beforeAll(async () => {
  await loadNamespaces(['news']);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const item: NewsItemDto = {
  id: '3f1c2d7e-0000-4000-8000-000000000001',
  title_en: 'Two games funded',
  title_it: 'Due giochi finanziati',
  html_en: '<p>Both reached <strong>their goal</strong>.</p>',
  html_it: '<p>Entrambi hanno raggiunto <strong>l’obiettivo</strong>.</p>',
  image_url: null,
  published_at: '2026-11-01T09:00:00.000Z',
};

describe('News page', () => {
  it('lists the published news from the server with its rendered text', async () => {
    stubApi({ 'GET /api/news/?page=1': () => jsonResponse(200, { items: [item], page: 1, pages: 1 }) });
    renderScreen(<NewsPage />, { path: paths.news, auth: member() });
    const list = await screen.findByRole('list', { name: 'News' });
    const [entry] = within(list).getAllByRole('article');
    expect(within(entry!).getByRole('link', { name: 'Two games funded' })).toHaveAttribute(
      'href',
      paths.newsItem(item.id),
    );
    expect(within(entry!).getByText('their goal').tagName).toBe('STRONG');
    expect(entry).toHaveTextContent('November 1, 2026');
    // No example entries any more.
    expect(screen.queryByText(/Example/)).toBeNull();
  });

  it('reads the Italian title and text to Italian readers', async () => {
    await act(() => i18n.changeLanguage('it'));
    stubApi({ 'GET /api/news/?page=1': () => jsonResponse(200, { items: [item], page: 1, pages: 1 }) });
    renderScreen(<NewsPage />, { path: paths.news, auth: member() });
    expect(await screen.findByRole('link', { name: 'Due giochi finanziati' })).toBeInTheDocument();
    expect(screen.getByText('l’obiettivo')).toBeInTheDocument();
  });

  it('says when there is no news yet', async () => {
    stubApi({ 'GET /api/news/?page=1': () => jsonResponse(200, { items: [], page: 1, pages: 1 }) });
    renderScreen(<NewsPage />, { path: paths.news, auth: member() });
    expect(await screen.findByText('There is no news yet. Check back soon.')).toBeInTheDocument();
  });
});
