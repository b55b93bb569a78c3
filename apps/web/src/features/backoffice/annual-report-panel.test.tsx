// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadNamespaces } from '../../i18n/index.ts';
import { AnnualReportPanel, reportYears } from './annual-report-panel.tsx';
import { type BackofficeUser, BackofficeUserContext } from './backoffice-user.ts';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

async function renderPanel(role: BackofficeUser['role']) {
  await loadNamespaces(['backoffice']);
  render(
    <BackofficeUserContext.Provider value={{ id: 'a1', username: 'demo_admin', role }}>
      <AnnualReportPanel />
    </BackofficeUserContext.Provider>,
  );
}

describe('the annual report panel', () => {
  it('downloads last year’s CSV by default and the chosen year’s after a change', async () => {
    await renderPanel('admin');
    const last = new Date().getFullYear() - 1;
    expect(screen.getByRole('heading', { level: 2, name: 'Annual report' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: `Download the ${last} report (CSV)` });
    expect(link).toHaveAttribute('href', `/api/backoffice/reports/annual?year=${last}`);
    expect(link).toHaveAttribute('download');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2021');
    expect(screen.getByRole('link', { name: 'Download the 2021 report (CSV)' })).toHaveAttribute(
      'href',
      '/api/backoffice/reports/annual?year=2021',
    );
  });

  it('is not offered to a reviewer', async () => {
    await renderPanel('reviewer');
    expect(screen.queryByRole('heading', { name: 'Annual report' })).toBeNull();
  });

  it('speaks Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    await renderPanel('admin');
    expect(screen.getByRole('heading', { level: 2, name: 'Relazione annuale' })).toBeInTheDocument();
    expect(screen.getByLabelText('Anno')).toBeInTheDocument();
  });

  it('offers every year from 2020 to this one, newest first', () => {
    expect(reportYears(new Date('2023-05-01T12:00:00Z'))).toEqual([2023, 2022, 2021, 2020]);
  });
});
