import type { AiDraftChecks, AiStatus, AiTranslationItem, AiTranslationRun, User } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { local, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const SLOW = { timeout: 5000 };

const status = (configured: boolean): AiStatus => ({
  configured,
  model: 'gpt-3.5-turbo',
  models: ['gpt-3.5-turbo'],
  quota: {
    requests: { used: 3, limit: 200 },
    tokens: { used: 900, limit: 200000 },
    clientRequests: { used: 3, limit: 2000 },
    clientTokens: { used: 900, limit: 2000000 },
    resetsAt: '2026-11-29T00:00:00.000Z',
  },
});

function loggedIn(flags: Partial<User> = { aiassistantactivated: true }) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: 2 }, ...flags }))));
}

/** A server-sent answer in pieces, as the server streams it. */
function sse(pieces: string[], model = 'gpt-3.5-turbo') {
  const encoder = new TextEncoder();
  const content = pieces.join('');
  const blocks = [
    ...pieces.map((delta) => `data: ${JSON.stringify({ delta })}\n\n`),
    `event: done\ndata: ${JSON.stringify({ model, content, finishReason: 'stop', usage: { promptTokens: 40, completionTokens: 12, totalTokens: 52 } })}\n\n`,
  ];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // the last event split in two: the reader must join pieces of one event
      for (const b of blocks.slice(0, -1)) controller.enqueue(encoder.encode(b));
      const last = blocks.at(-1)!;
      controller.enqueue(encoder.encode(last.slice(0, 20)));
      controller.enqueue(encoder.encode(last.slice(20)));
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function aiApi(opts: { configured?: boolean; pieces?: string[] } = {}) {
  const sent: { messages: { role: string; content: string }[]; stream?: boolean }[] = [];
  server.use(
    http.get('/api/openai/status', () => HttpResponse.json(status(opts.configured ?? true))),
    http.get('/api/language/mine', () =>
      HttpResponse.json({
        list: [
          // the default content language is chosen first, wherever it stands
          { id: 1, key: 'en', isDefault: false },
          { id: 2, key: 'de', isDefault: true },
        ],
      }),
    ),
    http.get('/api/setting/', () => HttpResponse.json({ list: [] })),
    http.post('/api/openai/completion', async ({ request }) => {
      sent.push((await request.json()) as (typeof sent)[number]);
      return sse(opts.pieces ?? ['Frühstück ', 'auf der ', 'Terrasse.']);
    }),
  );
  return sent;
}

describe('AiContentAssistantPage', () => {
  it('without a provider explains the set-up and offers no form', async () => {
    loggedIn();
    const sent = aiApi({ configured: false });
    renderApp('/aiContentAssistant');
    expect(await screen.findByTestId('ai-not-configured', {}, SLOW)).toHaveTextContent(
      'The AI assistant is not set up on this server yet.',
    );
    expect(screen.getByTestId('ai-setup-snippet')).toHaveValue('AI_BASE_URL=http://localhost:11434/v1\nAI_MODEL=qwen2.5:7b\nnpm start');
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('writes an overlay text in German from notes: the prompt, the streamed result, the history', async () => {
    loggedIn();
    local.remove(STORAGE_KEYS.aiHistory);
    const sent = aiApi();
    const user = userEvent.setup();
    renderApp('/aiContentAssistant');
    await user.type(await screen.findByRole('textbox', { name: 'Your notes' }, SLOW), 'Breakfast on the terrace from 7 to 11');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('de');
    expect(screen.getByTestId('ai-quota')).toHaveTextContent('Requests today: 3 of 200');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('ai-result')).toHaveTextContent('Frühstück auf der Terrasse.'));
    expect(sent[0]!.stream).toBe(true);
    expect(sent[0]!.messages[0]!.role).toBe('system');
    expect(sent[0]!.messages[0]!.content).toContain('an announcement shown over a website or a guest app');
    expect(sent[0]!.messages[0]!.content).toContain('in German');
    expect(sent[0]!.messages[1]).toEqual({ role: 'user', content: 'Notes from the business:\nBreakfast on the terrace from 7 to 11' });
    expect(await screen.findByText('A draft only: read it before you publish it anywhere.')).toBeInTheDocument();
    expect(local.getJson(STORAGE_KEYS.aiHistory)).toEqual([
      expect.objectContaining({ task: 'write', language: 'de', result: 'Frühstück auf der Terrasse.' }),
    ]);
  });

  it('flags a rewrite that dropped a price or a link of the text', async () => {
    loggedIn();
    aiApi({ pieces: ['Breakfast on the terrace, ', 'book now.'] });
    const user = userEvent.setup();
    renderApp('/aiContentAssistant');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Task' }, SLOW), 'rewrite');
    await user.type(
      screen.getByRole('textbox', { name: 'Your text' }),
      'Breakfast on the terrace for €14, book at https://isarblick.example/breakfast',
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByTestId('ai-protected', {}, SLOW)).toHaveTextContent(
      'Check this draft: it changed or dropped https://isarblick.example/breakfast, €14.',
    );
  });
});

describe('the review of "Translate to all languages"', () => {
  const checks = (over: Partial<AiDraftChecks> = {}): AiDraftChecks => ({
    length: { ok: true, chars: 120, max: 1500 },
    protected: { ok: true, missing: [] },
    language: { ok: true, detected: 'de' },
    ...over,
  });
  const item = (language: string, status: AiTranslationItem['status'], extra: Partial<AiTranslationItem> = {}): AiTranslationItem => ({
    language,
    status,
    draft: null,
    checks: null,
    errorKey: null,
    attempts: 1,
    updatedAt: '2026-11-28T10:00:00.000Z',
    ...extra,
  });
  const run = (items: AiTranslationItem[]): AiTranslationRun => ({
    id: 7,
    kind: 'overlay',
    targetId: 3,
    name: 'Terrace breakfast',
    from: 'en',
    // stored objects keep no order: the page shows the title first
    source: { html: '<p>Breakfast from 7, <b>€14</b>.</p>', title: 'Breakfast', 'button.0': 'Book' },
    format: 'modal',
    createdAt: '2026-11-28T10:00:00.000Z',
    items,
  });

  it('shows source and draft side by side with the checks, flags what needs a look, and publishes one language', async () => {
    loggedIn();
    aiApi();
    const published: string[] = [];
    const de = item('de', 'done', {
      draft: { html: '<p>Frühstück ab 7, <b>€14</b>.</p><script>alert(1)</script>', title: 'Frühstück', 'button.0': 'Buchen' },
      checks: checks(),
    });
    const italianDraft = item('it', 'done', {
      draft: { title: 'Breakfast', html: '<p>Breakfast from 7.</p>', 'button.0': 'Book' },
      checks: checks({ protected: { ok: false, missing: ['€14'] }, language: { ok: false, detected: 'en' } }),
    });
    const fr = item('fr', 'failed', { errorKey: 'error.ai.provider' });
    server.use(
      http.get('/api/openai/translations/7', () => HttpResponse.json(run([de, fr, italianDraft]))),
      http.post('/api/openai/translations/7/publish', ({ request }) => {
        const language = new URL(request.url).searchParams.get('language')!;
        published.push(language);
        return HttpResponse.json(run([{ ...de, status: 'published' }, fr, italianDraft]));
      }),
    );
    const user = userEvent.setup();
    renderApp('/ai-translations/7');
    const german = await screen.findByTestId('review-de', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Translations of “Terrace breakfast”' })).toBeInTheDocument();
    expect(screen.getByTestId('review-progress')).toHaveTextContent('3 of 3 languages ready');
    // the title first, the model's HTML as text: nothing of it runs or renders
    expect([...german.querySelectorAll('dt')].map((d) => d.textContent).slice(0, 3)).toEqual(['Title', 'Text', 'Button 1']);
    expect(german).toHaveTextContent('Frühstück ab 7, €14.');
    expect(german.querySelector('script, b')).toBeNull();
    expect(german).toHaveTextContent('120 of 1500 characters: fits the format “Pop-up”');
    expect(german).toHaveTextContent('Reads as Deutsch');
    // a flagged draft says what and offers to try again; a failed one says why
    const italian = screen.getByTestId('review-it');
    expect(italian).toHaveTextContent('Changed or dropped: €14');
    expect(italian).toHaveTextContent('Reads as English, not Italiano');
    expect(within(italian).getByRole('button', { name: 'Publish Italiano anyway' })).toBeInTheDocument();
    expect(within(italian).getByRole('button', { name: 'Try Italiano again' })).toBeInTheDocument();
    const french = screen.getByTestId('review-fr');
    expect(french).toHaveTextContent('Failed');
    expect(within(french).getByRole('button', { name: 'Try Français again' })).toBeInTheDocument();
    expect(within(french).queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();

    await user.click(within(german).getByRole('button', { name: 'Publish Deutsch' }));
    await waitFor(() => expect(within(screen.getByTestId('review-de')).getByRole('status')).toHaveTextContent('Published'));
    expect(published).toEqual(['de']);
    expect(within(screen.getByTestId('review-de')).queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
  });
});
