// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n, { loadNamespaces } from '../../i18n/index.ts';
import { renderScreen, stubApi } from '../../test/render.tsx';
import ConflictsOfInterestPage from './conflicts-of-interest-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

async function open() {
  stubApi({});
  await loadNamespaces(['conflicts']);
  renderScreen(<ConflictsOfInterestPage />, { path: paths.conflictsOfInterest });
}

describe('the conflicts-of-interest policy page', () => {
  it('states who cannot invest and whose investments are disclosed, in one main landmark', async () => {
    await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Conflicts of interest policy' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Who cannot invest' })).toBeInTheDocument();
    expect(
      screen.getByText(/Staff who reviewed or decided a game's pitch cannot invest/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Whose investments are disclosed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/more than 5,000,000 EUR in 12 months/)).toBeInTheDocument();
  });

  it('speaks Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Politica sui conflitti di interesse' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chi non può investire' })).toBeInTheDocument();
  });
});
