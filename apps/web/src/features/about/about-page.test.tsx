// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import AboutPage from './about-page.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

function section(name: string) {
  return screen.getByRole('heading', { name, level: 2 }).closest('section')!;
}

describe('About page', () => {
  it('shows the five team pictures in the hero', () => {
    render(<AboutPage />);
    const hero = screen.getByRole('list', { name: 'The IndieSplit leadership team' });
    expect(within(hero).getAllByRole('img')).toHaveLength(5);
  });

  it('presents five team heads with their titles and presentation links', () => {
    render(<AboutPage />);
    const team = section('Leadership team');
    const heads = within(team).getAllByRole('listitem');
    expect(heads).toHaveLength(5);
    expect(heads.map((h) => within(h).getByText(/^C[EOTML]O$/).textContent)).toEqual([
      'CEO',
      'COO',
      'CTO',
      'CMO',
      'CLO',
    ]);
    const links = within(team).getAllByRole('link', { name: /^Presentation of .+ \(opens in a new tab\)$/ });
    expect(links).toHaveLength(5);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
  });

  it('lists advisors and staff, vision and mission, partners, endorsers and the press', () => {
    render(<AboutPage />);
    expect(within(section('Advisors and staff')).getAllByRole('listitem')).toHaveLength(5);
    const essence = section('What drives us');
    expect(within(essence).getByRole('heading', { name: 'Our vision' })).toBeInTheDocument();
    expect(within(essence).getByRole('heading', { name: 'Our mission' })).toBeInTheDocument();
    expect(within(essence).getAllByRole('link')).toHaveLength(2);
    expect(within(section('Partners')).getAllByRole('link')).toHaveLength(2);

    const proof = section('Who talks about us');
    expect(within(proof).getByRole('heading', { name: 'Endorsements' })).toBeInTheDocument();
    const press = within(proof).getByRole('heading', { name: 'Chi scrive di noi' });
    expect(press).toHaveAttribute('lang', 'it');
    expect(within(proof).getAllByRole('link', { name: /^Read the article in/ })).toHaveLength(2);
  });

  it('keeps the Italian press title in Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    try {
      render(<AboutPage />);
      expect(screen.getByRole('heading', { name: 'Il team di direzione' })).toBeInTheDocument();
      const press = screen.getByRole('heading', { name: 'Chi scrive di noi' });
      expect(press).not.toHaveAttribute('lang');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
