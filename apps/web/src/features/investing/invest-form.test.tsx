import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import { InvestForm } from './invest-form.tsx';

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const POST = `POST /api/campaigns/${CAMPAIGN}/investments`;
const limits = { minTicketCents: 5_000, remainingCents: 1_000_000, availableCents: 500_000 };
const profile = {
  investor_class: 'non_sophisticated',
  loss_simulation: null,
  high_amount_threshold_cents: 100_000,
};

function renderForm(extra: { keyInformationVersion?: number; onSheetChanged?: () => void } = {}) {
  const onDone = vi.fn();
  renderScreen(
    <InvestForm
      campaignId={CAMPAIGN}
      currency="EUR"
      limits={limits}
      profile={profile}
      onDone={onDone}
      {...extra}
    />,
    { path: '/invest' },
  );
  return onDone;
}

const amount = () => screen.getByRole('textbox', { name: /Amount in euros/ });

afterEach(() => vi.unstubAllGlobals());

describe('the invest form', () => {
  it('names every problem at once and focuses the amount', async () => {
    const fetchMock = stubApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(
      await screen.findByText('Please enter an amount greater than zero, in euros and whole cents.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm that you have read the key investment information sheet.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm that you understand you may lose all the money you invest.'),
    ).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(amount()).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/investments'))).toBe(false);
  });

  it('takes an amount in either locale’s format and explains an ambiguous one', async () => {
    const fetchMock = stubApi({
      [POST]: () => jsonResponse(400, { success: false, code: 'serverError', message: 'x', error: 'x' }),
    });
    renderForm();
    await userEvent.type(amount(), '1.250');
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(
      await screen.findByText(/This amount reads as thousands in some countries and as decimals in others/),
    ).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    const sent: unknown[] = [];
    for (const typed of ['1.000,00', '1,000.00']) {
      await userEvent.clear(amount());
      await userEvent.type(amount(), typed);
      await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/investments'))).toHaveLength(
          sent.length + 1,
        ),
      );
      const calls = fetchMock.mock.calls.filter(([u]) => String(u).includes('/investments'));
      sent.push(JSON.parse(String(calls[calls.length - 1]![1]!.body)).amount_cents);
    }
    expect(sent).toEqual([100_000, 100_000]);
  });

  it('clears each "please confirm" as soon as its box is ticked', async () => {
    stubApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    const sheet = 'Please confirm that you have read the key investment information sheet.';
    const risk = 'Please confirm that you understand you may lose all the money you invest.';
    expect(await screen.findByText(sheet)).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    for (const box of boxes) await userEvent.click(box);
    await waitFor(() => expect(screen.queryByText(sheet)).not.toBeInTheDocument());
    expect(screen.queryByText(risk)).not.toBeInTheDocument();
    for (const box of boxes) expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('says the minimum with its amount, and asks for consent above the high-amount threshold', async () => {
    stubApi({});
    renderForm();
    await userEvent.type(amount(), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(await screen.findByText(/The minimum investment in this campaign is .*50/)).toBeInTheDocument();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '1500');
    await userEvent.click(screen.getByRole('checkbox', { name: /key investment information sheet/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I understand the risk warning.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(
      await screen.findByText(/This amount is above .*1,000.*please read the extra warning/),
    ).toBeInTheDocument();
  });

  it('sends exact cents with the acknowledgements, and shows a refused amount on its field', async () => {
    const fetchMock = stubApi({
      [POST]: () =>
        jsonResponse(400, {
          success: false,
          code: 'insufficientFunds',
          message: 'Your available balance is not enough for this amount.',
          error_codes: { amount_cents: 'insufficientFunds' },
        }),
    });
    renderForm();
    await userEvent.type(amount(), '250,50');
    await userEvent.click(screen.getByRole('checkbox', { name: /key investment information sheet/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I understand the risk warning.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    await waitFor(() => expect(amount()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Your available balance is not enough for this amount.')).not.toHaveLength(0);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/investments'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      amount_cents: 25_050,
      currency: 'EUR',
      acknowledge_key_information: true,
      acknowledge_risk: true,
    });
  });

  it('sends the version of the sheet it shows, and asks again when the sheet changed meanwhile', async () => {
    const fetchMock = stubApi({
      [POST]: () =>
        jsonResponse(409, {
          success: false,
          code: 'keyInformationChanged',
          message: 'The key investment information sheet has changed since you read it.',
        }),
    });
    const onSheetChanged = vi.fn();
    renderForm({ keyInformationVersion: 3, onSheetChanged });
    await userEvent.type(amount(), '100');
    const sheet = screen.getByRole('checkbox', { name: /key investment information sheet/ });
    await userEvent.click(sheet);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I understand the risk warning.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(
      await screen.findByText(/The key investment information sheet has just changed\. Read the new version/),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/investments'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ key_information_version: 3 });
    expect(onSheetChanged).toHaveBeenCalledTimes(1);
    // The confirmation was for the old sheet: it must be given again.
    expect(sheet).not.toBeChecked();
  });
});
