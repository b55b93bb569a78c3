// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { campaignDto } from '../test-data.ts';
import { KeyInformation } from './key-information.tsx';

// The sheet as the server wrote it: warnings first, the sections of Annex I in order, links to
// the complaints and conflicts-of-interest pages, the studio's email, and the PDF in both languages.

function renderSheet(currency: 'EUR' | 'DEMO' = 'EUR') {
  const c = campaignDto({ currency });
  return renderScreen(<KeyInformation info={c.key_information} slug={c.slug} />, { path: '/' });
}

describe('KeyInformation', () => {
  it('shows the warnings before the sections, in the order of Annex I', () => {
    renderSheet();
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual([
      'Disclaimer',
      'Risk warning',
      'Pre-contractual reflection period',
      'Responsibility statement – Pixelforge S.r.l.',
      'A. The project owner and the project',
      'B. The crowdfunding process and its conditions',
      'C. Risk factors',
      'D. What you receive: the revenue share',
      'E. Your rights as an investor',
      'F. Fees, information and legal redress',
    ]);
    const warnings = screen.getByRole('region', { name: 'Warnings required by law' });
    expect(
      within(warnings).getByText(/including the risk of partial or entire loss of the money invested/),
    ).toBeInTheDocument();
  });

  it('states the platform’s share and the investors’ net share, never "no fees"', () => {
    renderSheet();
    const fees = screen.getByRole('region', { name: 'F. Fees, information and legal redress' });
    expect(within(fees).getByText('Costs on payouts')).toBeInTheDocument();
    expect(within(fees).getByText('The platform’s share: 10% of every revenue pool.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Investors share 7.5% of net revenue; the platform keeps 10% of each pool; investors receive 6.75% of net revenue.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^None$/)).not.toBeInTheDocument();
  });

  it('links the complaints and conflicts pages, the studio’s email and both PDFs', () => {
    renderSheet();
    expect(
      screen.getByRole('link', { name: 'How to file a complaint and how it is handled' }),
    ).toHaveAttribute('href', '/complaints');
    expect(screen.getByRole('link', { name: 'IndieSplit’s conflicts-of-interest policy' })).toHaveAttribute(
      'href',
      '/conflicts-of-interest',
    );
    expect(screen.getByRole('link', { name: 'studio@pixelforge.example' })).toHaveAttribute(
      'href',
      'mailto:studio@pixelforge.example',
    );
    expect(screen.getByRole('link', { name: 'English (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information.pdf?lang=en',
    );
    expect(screen.getByRole('link', { name: 'Italian (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information.pdf?lang=it',
    );
  });

  it('titles a demo campaign’s sheet as virtual money', () => {
    renderSheet('DEMO');
    expect(screen.getByText(/DEMO: virtual money, nothing real is invested/)).toBeInTheDocument();
  });
});
