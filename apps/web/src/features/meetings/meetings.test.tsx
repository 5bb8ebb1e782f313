import type { MeetingJoin } from '@spotlist/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { loadJitsi, type JitsiOptions } from './api/jitsi';

const join = (extra: Partial<MeetingJoin> = {}): MeetingJoin => ({
  meeting: { id: 5, conversationId: 9, title: 'Plan the trip', startsAt: null, createdBy: 7, createdAt: '2026-11-27T10:00:00.000Z' },
  domain: 'meet.example.org',
  roomName: 'spotlist-0123456789abcdef0123456789abcdef',
  jwt: 'header.payload.signature',
  publicHost: false,
  displayName: 'Anna',
  ...extra,
});

/** A stand-in for the host's IFrame API: records what it was given and builds the iframe as the real one does. */
function fakeJitsi() {
  const made: { domain: string; options: JitsiOptions }[] = [];
  window.JitsiMeetExternalAPI = class {
    constructor(domain: string, options: JitsiOptions) {
      made.push({ domain, options });
      const frame = document.createElement('iframe');
      frame.src = `https://${domain}/${options.roomName}${options.jwt ? `?jwt=${options.jwt}` : ''}`;
      frame.title = 'Jitsi Meet';
      options.parentNode.appendChild(frame);
    }
    addListener() {}
    dispose() {}
  };
  return made;
}

afterEach(() => {
  delete window.JitsiMeetExternalAPI;
});

function loggedIn() {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
}

describe('meeting page', () => {
  it('creates the call with the host, room and token the server gave', async () => {
    loggedIn();
    const made = fakeJitsi();
    server.use(http.get('/api/meeting/5/join', () => HttpResponse.json(join())));
    renderApp('/meeting/5');
    expect((await screen.findAllByText('Plan the trip')).length).toBeGreaterThan(0);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]).toMatchObject({
      domain: 'meet.example.org',
      options: {
        roomName: 'spotlist-0123456789abcdef0123456789abcdef',
        jwt: 'header.payload.signature',
        userInfo: { displayName: 'Anna' },
      },
    });
    const frame = document.querySelector<HTMLIFrameElement>('.meeting-frame iframe');
    expect(frame?.src).toBe('https://meet.example.org/spotlist-0123456789abcdef0123456789abcdef?jwt=header.payload.signature');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe('/messages/9');
  });

  it('on the public host: no token, a note on its limits and a link to open the call in a tab', async () => {
    loggedIn();
    const made = fakeJitsi();
    server.use(http.get('/api/meeting/5/join', () => HttpResponse.json(join({ domain: 'meet.jit.si', jwt: null, publicHost: true }))));
    renderApp('/meeting/5');
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]!.options.jwt).toBeUndefined();
    expect(screen.getByRole('note').textContent).toMatch(/5 minutes/);
    expect(screen.getByRole('link', { name: /Open in a new tab/ }).getAttribute('href')).toBe(
      'https://meet.jit.si/spotlist-0123456789abcdef0123456789abcdef',
    );
  });

  it('a meeting that is not mine is not found', async () => {
    loggedIn();
    server.use(http.get('/api/meeting/5/join', () => HttpResponse.json({ key: 'error.meeting.notfound' }, { status: 404 })));
    renderApp('/meeting/5');
    expect(await screen.findByText('This video call does not exist, or you are not in its conversation.')).toBeTruthy();
  });

  it('loads the IFrame API from the host once, and again after a failure', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    const first = loadJitsi('fail.example.org', doc);
    const script = doc.head.querySelector('script')!;
    expect(script.src).toBe('https://fail.example.org/external_api.js');
    script.onerror!(new Event('error'));
    await expect(first).rejects.toThrow(/could not load/);
    const again = loadJitsi('fail.example.org', doc);
    expect(doc.head.querySelectorAll('script')).toHaveLength(2);
    window.JitsiMeetExternalAPI = class {} as never;
    doc.head.querySelectorAll('script')[1]!.onload!(new Event('load'));
    await expect(again).resolves.toBe(window.JitsiMeetExternalAPI);
    expect(loadJitsi('fail.example.org', doc)).toBe(again);
  });
});
