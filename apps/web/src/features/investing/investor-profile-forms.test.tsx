import { type InvestorProfileDto, KNOWLEDGE_QUESTIONS } from '@indiesplit/shared/investing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import { KnowledgeTestForm } from './knowledge-test-form.tsx';
import { LossSimulationForm } from './loss-simulation-form.tsx';
import { SophisticatedRequestForm } from './sophisticated-request-form.tsx';
import { TaxResidenceForm } from './tax-residence-form.tsx';
import { investorProfileDto } from './test-data.ts';

const profile = investorProfileDto;

afterEach(() => vi.unstubAllGlobals());

/** Ticks an answer for every question: the right one, or the listed questions' first wrong one. */
async function answerAll(wrongOn: string[] = []) {
  for (const q of KNOWLEDGE_QUESTIONS) {
    const value =
      'correct' in q && wrongOn.includes(q.code)
        ? q.answers.find((a) => a !== q.correct)
        : 'correct' in q
          ? q.correct
          : q.answers[0];
    const radio = document.querySelector<HTMLInputElement>(
      `input[name="answers.${q.code}"][value="${value}"]`,
    );
    if (!radio) throw new Error(`no answer ${value} for ${q.code}`);
    await userEvent.click(radio);
  }
}

const passed = (over: Partial<InvestorProfileDto['knowledge_test']> = {}) =>
  profile({
    knowledge_test: {
      status: 'passed',
      taken_at: '2026-11-20T10:00:00.000Z',
      valid_until: '2028-11-20T10:00:00.000Z',
      answers: {},
      wrong: [],
      ...over,
    },
  });

describe('the knowledge test result', () => {
  it('once passed, the result comes into focus with its expiry instead of the questions', async () => {
    stubApi({ 'PUT /api/investor-profile/knowledge-test': () => jsonResponse(200, passed()) });
    renderScreen(<KnowledgeTestForm profile={profile()} />, { path: '/profile' });
    await answerAll();
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    const result = await screen.findByTestId('knowledge-result');
    await waitFor(() => expect(result).toHaveFocus());
    expect(result).toHaveTextContent('Passed');
    expect(result).toHaveTextContent(/Valid until .*2028/);
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
  });

  it('a failed test focuses its result, says how many answers were wrong and keeps the questions', async () => {
    stubApi({
      'PUT /api/investor-profile/knowledge-test': () =>
        jsonResponse(
          200,
          profile({
            knowledge_test: {
              status: 'failed',
              taken_at: '2026-11-20T10:00:00.000Z',
              valid_until: null,
              answers: { loss: 'capital_protected' },
              wrong: ['loss'],
            },
          }),
        ),
    });
    renderScreen(<KnowledgeTestForm profile={profile()} />, { path: '/profile' });
    await answerAll(['loss']);
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    const result = await screen.findByTestId('knowledge-result');
    await waitFor(() => expect(result).toHaveFocus());
    expect(result).toHaveTextContent('Not passed');
    expect(result).toHaveTextContent('1 answer about the risks was not right');
    expect(screen.getByRole('button', { name: 'Send my answers' })).toBeInTheDocument();
  });

  it('a passed test opened later shows its result and expiry, and can be taken again', async () => {
    stubApi({});
    renderScreen(<KnowledgeTestForm profile={passed()} />, { path: '/profile' });
    const result = screen.getByTestId('knowledge-result');
    expect(result).toHaveTextContent('Passed');
    expect(result).toHaveTextContent(/Valid until .*2028/);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take the test again' }));
    expect(screen.getAllByRole('group')).toHaveLength(KNOWLEDGE_QUESTIONS.length);
    expect(screen.getByRole('button', { name: 'Send my answers' })).toBeInTheDocument();
  });
});

describe('the investor profile forms', () => {
  it('the knowledge test asks for every answer before sending', async () => {
    const fetchMock = stubApi({});
    renderScreen(<KnowledgeTestForm profile={profile()} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText(/answer every question/i)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('knowledge-test'))).toBe(false);
  });

  it('the loss simulation names each bad amount, focuses the first and sends the amounts as typed', async () => {
    const fetchMock = stubApi({
      'PUT /api/investor-profile/loss-simulation': () => jsonResponse(200, profile()),
    });
    renderScreen(<LossSimulationForm profile={profile()} />, { path: '/profile' });
    const income = screen.getByRole('textbox', { name: /Yearly net income/ });
    await userEvent.type(screen.getByRole('textbox', { name: /Liquid assets/ }), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save the simulation' }));
    expect(income).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Liquid assets/ })).toHaveAttribute('aria-invalid', 'true');
    // "12.345" is twelve thousand in Italy and twelve euros in English: it is asked again, saying why.
    expect(
      screen.getByText(/This amount reads as thousands in some countries and as decimals in others/),
    ).toBeInTheDocument();
    await waitFor(() => expect(income).toHaveFocus());

    // Both locales' formats are taken.
    await userEvent.type(income, '30,000.00');
    await userEvent.clear(screen.getByRole('textbox', { name: /Liquid assets/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Liquid assets/ }), '5.000,50');
    await userEvent.type(screen.getByRole('textbox', { name: /Yearly financial commitments/ }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save the simulation' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('loss-simulation'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('loss-simulation'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      annual_income: '30,000.00',
      liquid_assets: '5.000,50',
      annual_commitments: '0',
    });
  });

  it('the sophisticated request asks a natural person for two criteria and a document before sending', async () => {
    const fetchMock = stubApi({
      'POST /api/investor-profile/sophisticated-request': () => jsonResponse(200, profile()),
    });
    renderScreen(<SophisticatedRequestForm profile={profile()} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('checkbox', { name: /Personal gross income/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/at least two of the criteria/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sophisticated-request'))).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: /professional client/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    const files = screen.getByLabelText('Documents that prove the criteria');
    await waitFor(() => expect(files).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/attach at least one document/)).toBeInTheDocument();

    const program = new File(['MZ'], 'payslip.exe', { type: 'application/x-msdownload' });
    await userEvent.upload(files, program, { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/must be a PDF, PNG or JPEG file/)).toBeInTheDocument();

    const pdf = new File(['%PDF-1.7'], 'payslips.pdf', { type: 'application/pdf' });
    await userEvent.upload(files, pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    const sentCall = () =>
      fetchMock.mock.calls.find(([url]) => String(url).includes('sophisticated-request'));
    await waitFor(() => expect(sentCall()).toBeDefined());
    const sent = sentCall()?.[1]?.body as FormData;
    expect(sent.get('person_type')).toBe('natural');
    expect(sent.getAll('criteria')).toEqual(['income_or_portfolio', 'professional_client']);
    expect((sent.get('evidence') as File).name).toBe('payslips.pdf');
  });

  it('a legal person sees the company criteria, and the choice of one clears the other kind', async () => {
    stubApi({});
    renderScreen(<SophisticatedRequestForm profile={profile()} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('checkbox', { name: /Personal gross income/ }));
    await userEvent.click(screen.getByRole('radio', { name: /A legal person/ }));
    expect(screen.queryByRole('checkbox', { name: /Personal gross income/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Own funds of at least 100,000 euros/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/at least one of the criteria/)).toBeInTheDocument();
  });

  it('shows a refusal’s reason and an approval’s end', () => {
    stubApi({});
    const base = profile().sophisticated_request;
    const { unmount } = renderScreen(
      <SophisticatedRequestForm
        profile={profile({
          sophisticated_request: { ...base, status: 'rejected', decision_reason: 'Old payslips.' },
        })}
      />,
      { path: '/profile' },
    );
    expect(screen.getByText('The reason given: Old payslips.')).toBeInTheDocument();
    unmount();
    renderScreen(
      <SophisticatedRequestForm
        profile={profile({
          investor_class: 'sophisticated',
          sophisticated_request: { ...base, status: 'approved', valid_until: '2028-11-27T10:00:00.000Z' },
        })}
      />,
      { path: '/profile' },
    );
    expect(screen.getByText(/Sophisticated investor until .*2028/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
  });

  it('the tax residence needs a country and sends the optional number only when typed', async () => {
    const fetchMock = stubApi({
      'PUT /api/investor-profile/tax-residence': () =>
        jsonResponse(
          200,
          profile({ tax_residence: { country: 'IT', tax_id: null, recorded_at: '2026-11-27T10:00:00Z' } }),
        ),
    });
    renderScreen(<TaxResidenceForm profile={profile()} />, { path: '/profile' });
    const country = screen.getByRole('combobox', { name: /Country of tax residence/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save my tax residence' }));
    await waitFor(() => expect(country).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Please choose the country of your tax residence.')).toBeInTheDocument();

    await userEvent.selectOptions(country, 'IT');
    await userEvent.click(screen.getByRole('button', { name: 'Save my tax residence' }));
    expect(await screen.findByText('Tax residence saved.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('tax-residence'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ country: 'IT' });
  });
});
