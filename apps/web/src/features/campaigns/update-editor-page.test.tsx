// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { campaignDto } from './test-data.ts';
import UpdateEditorPage from './update-editor-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const dto = (id: string, title: string, visibility = 'public') => ({
  id,
  visibility,
  language: 'en',
  title,
  body_html: `<p>${title}</p>`,
  created_at: '2026-11-20T10:00:00.000Z',
  edited_at: null,
});

const sent = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body }));

const render = () =>
  renderScreen(<UpdateEditorPage />, {
    path: '/my-campaigns/updates/:slug',
    route: '/my-campaigns/updates/neon-drift',
    auth: member(),
  });

describe('the studio’s campaign updates', () => {
  it('checks both languages before sending, posts an investors-only update and lists it', async () => {
    const posted: unknown[] = [];
    const fetchMock = stubApi({
      'GET /api/campaigns/neon-drift': () =>
        jsonResponse(200, campaignDto({ slug: 'neon-drift', title: 'Neon Drift' })),
      'GET /api/campaigns/neon-drift/updates/?page=1': () =>
        jsonResponse(200, {
          count: posted.length,
          page: 1,
          pages: 1,
          results: posted.length ? [dto('u2', 'Alpha is out', 'investors')] : [],
        }),
      'POST /api/campaigns/neon-drift/updates/': async (req) => {
        posted.push(await req.json());
        return jsonResponse(201, dto('u2', 'Alpha is out', 'investors'));
      },
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'Updates of Neon Drift' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No updates yet.')).toBeTruthy();

    const post = screen.getByRole('button', { name: 'Post the update' });
    await userEvent.click(post);
    expect(await screen.findByText('Write the update in English, in Italian or in both.')).toBeTruthy();

    const english = screen.getByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByLabelText('Title'), 'Alpha is out');
    await userEvent.click(post);
    expect(
      await screen.findByText('Give this language both a title and a text, or leave both empty.'),
    ).toBeTruthy();
    expect(sent(fetchMock, 'POST')).toEqual([]);

    await userEvent.type(within(english).getByLabelText(/^Text/), 'We shipped the **alpha**.');
    await userEvent.click(screen.getByLabelText(/Investors only/));
    await userEvent.click(post);

    expect(await screen.findByText('Your update is posted.')).toBeTruthy();
    expect(posted).toEqual([
      {
        visibility: 'investors',
        title_en: 'Alpha is out',
        body_en: 'We shipped the **alpha**.',
        title_it: '',
        body_it: '',
      },
    ]);
    expect(screen.getByRole('link', { name: 'See it on the campaign page' }).getAttribute('href')).toBe(
      '/campaigns/neon-drift#updates',
    );
    // The form is emptied for the next one and the list shows the new update.
    const fresh = screen.getByRole('group', { name: 'English' });
    expect((within(fresh).getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText(/Everyone/)).toBeChecked();
    const item = await screen.findByTestId('studio-update');
    expect(item.textContent).toContain('Alpha is out');
    expect(item.textContent).toContain('For investors');
  });

  it('edits an update from its sources, and shows the server’s refusal', async () => {
    let edits = 0;
    const fetchMock = stubApi({
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, campaignDto({ slug: 'neon-drift' })),
      'GET /api/campaigns/neon-drift/updates/?page=1': () =>
        jsonResponse(200, { count: 1, page: 1, pages: 1, results: [dto('u1', 'Beta dates')] }),
      'GET /api/campaigns/neon-drift/updates/u1/': () =>
        jsonResponse(200, {
          update: dto('u1', 'Beta dates'),
          source: {
            id: 'u1',
            visibility: 'public',
            title_en: 'Beta dates',
            body_en: 'In **March**.',
            title_it: 'Date della beta',
            body_it: 'A **marzo**.',
            created_at: '2026-11-20T10:00:00.000Z',
            edited_at: null,
          },
        }),
      'PUT /api/campaigns/neon-drift/updates/u1/': () => {
        edits += 1;
        return edits === 1
          ? jsonResponse(403, { code: 'updateNotAllowed', message: 'no' })
          : jsonResponse(200, dto('u1', 'Beta dates'));
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Beta dates”' }));
    const italian = await screen.findByRole('group', { name: 'Italian' });
    expect(await screen.findByRole('heading', { name: 'Edit the update' })).toBeTruthy();
    expect((within(italian).getByLabelText(/^Text/) as HTMLTextAreaElement).value).toBe('A **marzo**.');

    const body = within(italian).getByLabelText(/^Text/);
    await userEvent.clear(body);
    await userEvent.type(body, 'A **aprile**.');
    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Only the campaign’s studio can post and edit its updates.')).toBeTruthy();
    // Nothing typed is lost: the second try sends it.
    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Your changes are saved.')).toBeTruthy();
    const puts = sent(fetchMock, 'PUT');
    expect(puts).toHaveLength(2);
    expect(JSON.parse(String(puts[1]!.body))).toEqual({
      visibility: 'public',
      title_en: 'Beta dates',
      body_en: 'In **March**.',
      title_it: 'Date della beta',
      body_it: 'A **aprile**.',
    });
  });

  it('refuses a wrong image here and adds an uploaded one to the text', async () => {
    const fetchMock = stubApi({
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, campaignDto({ slug: 'neon-drift' })),
      'GET /api/campaigns/neon-drift/updates/?page=1': () =>
        jsonResponse(200, { count: 0, page: 1, pages: 1, results: [] }),
      'POST /api/campaigns/neon-drift/updates/images/': () =>
        jsonResponse(201, { url: '/api/media/updates/0123456789abcdef0123456789abcdef.webp' }),
    });
    render();
    const english = await screen.findByRole('group', { name: 'English' });
    const input = within(english).getByLabelText(/Add an image/);
    await userEvent.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(english).findByText(/valid image file/)).toBeTruthy();
    expect(sent(fetchMock, 'POST')).toEqual([]);

    await userEvent.type(within(english).getByLabelText(/^Text/), 'Look:');
    await userEvent.upload(input, new File(['png'], 'a.png', { type: 'image/png' }));
    const text = within(english).getByLabelText(/^Text/) as HTMLTextAreaElement;
    await vi.waitFor(() =>
      expect(text.value).toBe('Look:\n\n![image](/api/media/updates/0123456789abcdef0123456789abcdef.webp)'),
    );
    expect(sent(fetchMock, 'POST').map((c) => c.url)).toEqual(['/api/campaigns/neon-drift/updates/images/']);
  });
});
