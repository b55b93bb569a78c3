// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverError } from '../../test/answers.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import PitchContactPage from './pitch-contact-page.tsx';
import { isoDate, minReleaseDate } from './pitch-logic.ts';
import ProjectDetailsPage from './project-details-page.tsx';
import ProjectSuccessPage from './project-success-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Pitch step 1', () => {
  it('continues to the details with name and email in navigation state', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<PitchContactPage />, { path: '/split-project-form' });
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name or studio name' }), 'Pixel Forge');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'hi@pixelforge.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/project-details {"name":"Pixel Forge","email":"hi@pixelforge.example"}',
    );
  });

  it('a logged-in member finds their name and email already filled in', async () => {
    stubApi({
      'GET /api/user/': () =>
        jsonResponse(200, {
          success: true,
          user: {
            id: '00000000-0000-4000-8000-000000000001',
            username: 'alice',
            email: 'alice@example.com',
            first_name: 'Alice',
            last_name: 'Rossi',
            user_types: ['developer'],
            userType: 'developer',
            isEmailVerified: true,
            profile_picture_url: null,
            newsletter: false,
            indie_project_updates: false,
            has_password: true,
            language: 'en',
            date_joined: '2026-11-01T10:00:00.000Z',
            staff_role: null,
          },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PitchContactPage />, { path: '/split-project-form', auth: member() });
    const name = screen.getByRole('textbox', { name: 'Name or studio name' });
    await waitFor(() => expect(name).toHaveValue('Alice Rossi'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('alice@example.com');
    // Still theirs to change: a studio name instead of their own.
    await user.clear(name);
    await user.type(name, 'Rossi Games');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/project-details {"name":"Rossi Games","email":"alice@example.com"}',
    );
  });

  it('requests a call: Requested and disabled on success', async () => {
    const fetchMock = stubApi({
      'POST /api/projects/add-contact/': () => jsonResponse(200, { success: true }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PitchContactPage />, { path: '/split-project-form' });
    await user.type(screen.getByRole('textbox', { name: 'Name or studio name' }), 'Pixel Forge');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'hi@pixelforge.example');
    await user.click(screen.getByRole('button', { name: 'Request a call' }));
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled();
    const body = JSON.parse(
      fetchMock.mock.calls.find(([u]) => u === '/api/projects/add-contact/')![1]!.body as string,
    );
    expect(body).toEqual({ name: 'Pixel Forge', email: 'hi@pixelforge.example', asked_for_contact: true });
  });

  it('says an error occurred when the request fails', async () => {
    stubApi({ 'POST /api/projects/add-contact/': serverError });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PitchContactPage />, { path: '/split-project-form' });
    await user.type(screen.getByRole('textbox', { name: 'Name or studio name' }), 'Pixel Forge');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'hi@pixelforge.example');
    await user.click(screen.getByRole('button', { name: 'Request a call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(screen.getByRole('button', { name: 'Request a call' })).toBeEnabled();
  });
});

describe('Pitch step 2', () => {
  const today = new Date();
  const tooSoon = isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7));

  it('keeps the release date unchanged and alerts when it is less than a month ahead', () => {
    stubApi({});
    renderScreen(<ProjectDetailsPage />, { path: '/project-details' });
    const date = screen.getByLabelText(/^Expected release date/) as HTMLInputElement;
    const ok = minReleaseDate(today);
    fireEvent.change(date, { target: { value: ok } });
    expect(date.value).toBe(ok);
    fireEvent.change(date, { target: { value: tooSoon } });
    expect(date.value).toBe(ok);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Release date must be at least one month in the future',
    );
  });

  it('requires budget, release date, service choice and a PDF', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name or studio name' })).toHaveValue('Pixel Forge');
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByText('Please enter the expected production budget.')).toBeInTheDocument();
    // Focus goes to the first problem in reading order.
    // Focus moves on the next frame.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveFocus());
    expect(screen.getByText('Please choose the expected release date.')).toBeInTheDocument();
    expect(screen.getByText('Please choose what you are looking for.')).toBeInTheDocument();
    expect(screen.getByText('Please attach your pitch deck as a PDF.')).toBeInTheDocument();
  });

  it('submits everything as multipart and goes to the success page with the project name', async () => {
    const fetchMock = stubApi({ 'POST /api/projects/submit-project/': () => jsonResponse(201, { id: 42 }) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Neon Drift');
    await user.type(screen.getByRole('textbox', { name: 'Expected production budget' }), '25000');
    fireEvent.change(screen.getByLabelText(/^Expected release date/), {
      target: { value: `${today.getFullYear() + 1}-06-01` },
    });
    await user.click(screen.getByRole('checkbox', { name: 'PC' }));
    await user.click(screen.getByRole('checkbox', { name: 'Nintendo Switch' }));
    await user.click(screen.getByRole('radio', { name: 'Funding + Services' }));
    const deck = new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^Pitch deck/), deck);
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/projects/success {"projectName":"Neon Drift"}',
    );
    const form = fetchMock.mock.calls.find(([u]) => u === '/api/projects/submit-project/')![1]!
      .body as FormData;
    expect(form.get('project_name')).toBe('Neon Drift');
    expect(form.get('expected_production_budget')).toBe('25000');
    expect(form.get('required_funding_size')).toBe('0');
    expect(form.get('distribution_platforms')).toBe('NINTENDO SWITCH,PC');
    expect(form.get('i_am_looking_for')).toBe('funding,services');
    expect(form.get('is_debut_title')).toBe('false');
    expect((form.get('pitch_file') as File).name).toBe('deck.pdf');
  });

  it('explains a failed submission instead of failing silently', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/projects/submit-project/': serverError });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Neon Drift');
    await user.type(screen.getByRole('textbox', { name: 'Expected production budget' }), '25000');
    fireEvent.change(screen.getByLabelText(/^Expected release date/), {
      target: { value: `${today.getFullYear() + 1}-06-01` },
    });
    await user.click(screen.getByRole('checkbox', { name: 'PC' }));
    await user.click(screen.getByRole('radio', { name: 'Funding Only' }));
    await user.upload(
      screen.getByLabelText(/^Pitch deck/),
      new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not submit your pitch right now.');
  });

  async function fillValidPitch(user: ReturnType<typeof userEvent.setup>, deck: File) {
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Neon Drift');
    await user.type(screen.getByRole('textbox', { name: 'Expected production budget' }), '1250,50');
    fireEvent.change(screen.getByLabelText(/^Expected release date/), {
      target: { value: `${today.getFullYear() + 1}-06-01` },
    });
    await user.click(screen.getByRole('checkbox', { name: 'PC' }));
    await user.click(screen.getByRole('radio', { name: 'Funding + Services + HR' }));
    await user.upload(screen.getByLabelText(/^Pitch deck/), deck);
  }

  it('shows the server’s field errors beside the fields and keeps every value and the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubApi({
      'POST /api/projects/submit-project/': () =>
        jsonResponse(400, {
          success: false,
          code: 'invalidRequest',
          message: 'Invalid request.',
          error: 'Invalid request.',
          error_codes: { trailer_link: 'invalidUrl', pitch_file: 'pdfBroken' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    const deck = new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' });
    await fillValidPitch(user, deck);
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('please check the highlighted fields');
    expect(screen.getByRole('textbox', { name: 'Trailer link' })).toHaveAccessibleDescription(
      'Please enter a full web address starting with http:// or https://.',
    );
    expect(
      screen.getByText('This PDF cannot be read. Please export it again and retry.'),
    ).toBeInTheDocument();
    // Nothing lost: a second try sends the same values and the same file.
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Neon Drift');
    expect((screen.getByLabelText(/^Pitch deck/) as HTMLInputElement).files?.[0]).toBe(deck);
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u === '/api/projects/submit-project/')).toHaveLength(2),
    );
    const second = fetchMock.mock.calls.filter(([u]) => u === '/api/projects/submit-project/')[1]![1]!
      .body as FormData;
    // Amounts travel as typed: the server reads "1250,50" as 125050 cents.
    expect(second.get('expected_production_budget')).toBe('1250,50');
    expect(second.get('i_am_looking_for')).toBe('funding,services,hr');
    expect(second.get('pitch_file')).toBe(deck);
  });

  it('refuses a PDF over 25 MB before uploading anything', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    const big = new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await fillValidPitch(user, big);
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByText(/This PDF is larger than 25 MB/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/projects/submit-project/')).toBe(false);
  });

  it('says a too-large upload refused by the server is about the PDF', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'POST /api/projects/submit-project/': () =>
        jsonResponse(413, { success: false, code: 'pdfTooLarge', message: 'x', error: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    await fillValidPitch(user, new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF is larger than 25 MB');
  });

  it('says when the server is checking too many files, with the wait, and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'POST /api/projects/submit-project/': () =>
        jsonResponse(503, { success: false, code: 'uploadsBusy', message: 'x', error: 'x', retry_after: 5 }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, {
      path: '/project-details',
      state: { name: 'Pixel Forge', email: 'hi@pixelforge.example' },
    });
    const deck = new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' });
    await fillValidPitch(user, deck);
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We are checking too many files right now. Please try again in 5 seconds.',
    );
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Neon Drift');
    expect((screen.getByLabelText(/^Pitch deck/) as HTMLInputElement).files?.[0]).toBe(deck);
  });

  it('asks for at least one platform, as the server does', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProjectDetailsPage />, { path: '/project-details' });
    await user.click(screen.getByRole('button', { name: 'Submit pitch' }));
    expect(await screen.findByText('Please select at least one platform.')).toBeInTheDocument();
  });
});

describe('Pitch received', () => {
  it('names the pitch by its project name, never by an id', () => {
    stubApi({});
    renderScreen(<ProjectSuccessPage />, {
      path: '/projects/success',
      state: { projectName: 'Neon Drift', projectId: '0f8b6a1e-1111-4222-8333-444455556666' },
    });
    expect(screen.getByRole('heading', { name: 'Pitch received!' })).toBeInTheDocument();
    expect(screen.getByText('Neon Drift')).toBeInTheDocument();
    expect(screen.getByText(/Your pitch:/)).toBeInTheDocument();
    expect(screen.queryByText(/0f8b6a1e/)).not.toBeInTheDocument();
  });
});
