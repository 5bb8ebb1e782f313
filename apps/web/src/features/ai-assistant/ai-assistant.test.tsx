import type { AiStatus, User } from '@spotlist/contracts';
import { screen, waitFor } from '@testing-library/react';
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
