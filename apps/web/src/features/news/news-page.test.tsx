// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newsContent } from '../../content/news-content.ts';
import i18n from '../../i18n/index.ts';
import NewsPage from './news-page.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('News page', () => {
  it('lists dated entries, newest first, and labels the examples', () => {
    render(<NewsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    const entries = within(screen.getByRole('list', { name: 'Platform updates' })).getAllByRole('article');
    expect(entries).toHaveLength(newsContent.en.length);
    const dates = entries.map((e) => e.querySelector('time')!.getAttribute('dateTime')!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(entries[0]).toHaveTextContent('November 1, 2026');
    const examples = newsContent.en.filter((e) => e.placeholder).length;
    expect(screen.getAllByText(/Example entry, not real news/)).toHaveLength(examples);
  });

  it('formats dates in Italian for Italian readers', async () => {
    await act(() => i18n.changeLanguage('it'));
    try {
      render(<NewsPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'Novità' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')[0]).toHaveTextContent('1 novembre 2026');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
