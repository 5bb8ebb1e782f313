import type {
  MatchResult,
  Person,
  PublicProfile,
  RelationCounts,
  RelationRow,
  RelationState,
  Suggestion,
  UserGroup,
} from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { swipeOutcome } from './components/use-swipe';

const person = (id: number, nickname: string, extra: Partial<Person> = {}): Person => ({
  id,
  nickname,
  accountType: { id: 1 },
  picturedocument: null,
  city: 'Lisbon',
  ...extra,
});

const suggestion = (user: Person, extra: Partial<Suggestion> = {}): Suggestion => ({
  user,
  reasons: [],
  sharedPlaces: [],
  score: 1,
  businessMatchPossible: false,
  ...extra,
});

const state = (userId: number, extra: Partial<RelationState> = {}): RelationState => ({
  userId,
  relations: [],
  friend: false,
  friendCategories: [],
  pendingCategories: [],
  noMatch: false,
  following: false,
  followedBy: false,
  blocked: false,
  businessMatchPossible: false,
  ...extra,
});

const counts = (extra: Partial<RelationCounts> = {}): RelationCounts => ({
  friends: 0,
  followers: 0,
  following: 0,
  pending: 0,
  blocked: 0,
  noMatch: 0,
  groups: 0,
  ...extra,
});

const row = (id: number, user: Person, type: RelationRow['type'], category: number | null = null): RelationRow => ({
  id,
  type,
  category,
  mutual: false,
  user,
  createdAt: '2026-01-01T00:00:00Z',
});

/** The first render of a file loads the lazy page chunk: slow on a busy 2-core machine (as widgets.test.tsx). */
const SLOW = { timeout: 10_000 };

const page = <T,>(items: T[]) => ({ list: items, total: items.length, pageIndex: 0, pageSize: 50 });

function loggedIn(accountType = 1) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: accountType } }))));
}

/** The people page's reads: these suggestions (for any kind and city unless `onQuery` says otherwise), discoverable. */
function suggestionsAre(list: Suggestion[], onQuery?: (params: URLSearchParams) => void) {
  server.use(
    http.get('/api/userrelation/suggestions', ({ request }) => {
      onQuery?.(new URL(request.url).searchParams);
      return HttpResponse.json({ list });
    }),
    http.get('/api/userrelation/settings', () => HttpResponse.json({ discoverable: true })),
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Suggested people' })).queryAllByRole('listitem', { name: /./ });

describe('people: suggestions', () => {
  it('shows each suggestion with its reasons in English (plural-aware) and the shared places as links', async () => {
    loggedIn();
    const asked: string[] = [];
    suggestionsAre(
      [
        suggestion(person(5, 'Lena'), {
          reasons: [
            { key: 'sharedPlaces', count: 7, city: 'Lisbon' },
            { key: 'mutualFriends', count: 3 },
            { key: 'sameCity', city: 'Munich' },
            { key: 'nearPlaces', count: 4 },
            { key: 'placesInCity', count: 5, city: 'Porto' },
          ],
          sharedPlaces: [
            { id: 41, name: 'Miradouro da Graça', city: 'Lisbon' },
            { id: 42, name: 'LX Factory', city: 'Lisbon' },
          ],
        }),
        suggestion(person(6, 'Tom', { accountType: { id: 4 }, city: null }), {
          reasons: [
            { key: 'sharedPlaces', count: 1, city: null },
            { key: 'mutualFriends', count: 1 },
            { key: 'placesInCity', count: 1, city: 'Porto' },
          ],
        }),
      ],
      (params) => asked.push(params.toString()),
    );
    renderApp('/people');
    const lena = await screen.findByRole('list', { name: 'Why Lena is suggested' }, SLOW);
    expect(
      within(lena)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '7 places you both liked in Lisbon',
      '3 friends in common',
      'Also in Munich',
      '4 of your places are near them',
      'Saved 5 places in Porto',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Why Tom is suggested' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 place you both liked', '1 friend in common', 'Saved 1 place in Porto']);
    const places = screen.getByRole('list', { name: 'Places you share with Lena' });
    expect(within(places).getByRole('link', { name: 'LX Factory' })).toHaveAttribute('href', '/place/42');
    // name to the profile, account type and city
    expect(screen.getByRole('link', { name: 'Lena' })).toHaveAttribute('href', '/u/5');
    expect(screen.getByText('Private · Lisbon')).toBeInTheDocument();
    expect(screen.getByText('Blogger')).toBeInTheDocument();
    expect(asked[0]).toBe('kind=people&size=20');
  });

  it('a match that completes a match shows "It\'s a match!" with both names and a link to their profile', async () => {
    loggedIn();
    const posted: string[] = [];
    suggestionsAre([suggestion(person(5, 'Lena')), suggestion(person(6, 'Tom'))]);
    server.use(
      http.post('/api/userrelation/match/:category/:id', ({ params }) => {
        posted.push(`${String(params.category)} ${String(params.id)}`);
        const result: MatchResult = { ...state(Number(params.id)), matched: params.id === '5', friend: params.id === '5' };
        return HttpResponse.json(result);
      }),
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts())),
    );
    const user = userEvent.setup();
    renderApp('/people');
    // a yes they have not answered yet: the card goes, no celebration
    await user.click(await screen.findByRole('button', { name: 'Match with Tom' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Match with Tom' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    // Lena said yes before: a match
    await user.click(screen.getByRole('button', { name: 'Match with Lena' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog).toHaveTextContent('Anna and Lena said yes to each other: you are friends now.');
    const profile = within(dialog).getByRole('link', { name: "View Lena's profile" });
    expect(profile).toHaveAttribute('href', '/u/5');
    // the first way on is to write to them
    expect(within(dialog).getByRole('button', { name: 'Say hello' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual(['private 6', 'private 5']);
    // every suggestion answered
    expect(screen.getByText('You have answered every suggestion for now.')).toBeInTheDocument();
  });

  it('"No match" removes the card (POST nomatch/{id})', async () => {
    loggedIn();
    const posted: string[] = [];
    suggestionsAre([suggestion(person(5, 'Lena')), suggestion(person(6, 'Tom'))]);
    server.use(
      http.post('/api/userrelation/nomatch/:id', ({ params }) => {
        posted.push(String(params.id));
        return HttpResponse.json(state(Number(params.id), { noMatch: true }));
      }),
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts())),
    );
    const user = userEvent.setup();
    renderApp('/people');
    await user.click(await screen.findByRole('button', { name: 'No match with Lena' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Lena' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Tom' })).toBeInTheDocument();
    expect(posted).toEqual(['5']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers "Match as business" only where businessMatchPossible, and sends match/business/{id}', async () => {
    loggedIn(4);
    const posted: string[] = [];
    suggestionsAre([
      suggestion(person(5, 'Lena')),
      suggestion(person(7, 'Café Graça', { accountType: { id: 2 } }), { businessMatchPossible: true }),
    ]);
    server.use(
      http.post('/api/userrelation/match/:category/:id', ({ params }) => {
        posted.push(`${String(params.category)} ${String(params.id)}`);
        return HttpResponse.json({ ...state(Number(params.id)), matched: false });
      }),
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts())),
    );
    const user = userEvent.setup();
    renderApp('/people');
    await screen.findByRole('button', { name: 'Match with Lena' });
    expect(screen.queryByRole('button', { name: 'Match as business with Lena' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Match as business with Café Graça' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(posted).toEqual(['business 7']);
  });

  it('tells a business how many places a blogger saved near its locations', async () => {
    loggedIn(2);
    suggestionsAre([suggestion(person(8, 'Mia', { accountType: { id: 4 } }), { reasons: [{ key: 'nearPlaces', count: 2 }] })]);
    renderApp('/people');
    const why = await screen.findByRole('list', { name: 'Why Mia is suggested' });
    expect(why).toHaveTextContent('Saved 2 places near your locations');
    // a business chooses between people and bloggers
    expect(screen.getByRole('radio', { name: 'Bloggers' })).toBeInTheDocument();
  });

  it('lets a blogger ask for businesses and anyone for a city; a private account has no kind choice', async () => {
    loggedIn(4);
    const asked: string[] = [];
    suggestionsAre([], (params) => asked.push(params.toString()));
    const user = userEvent.setup();
    renderApp('/people');
    expect(
      await screen.findByText('No suggestions yet. Like places and collect them in lists: we suggest people who like the same ones.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find places to like' })).toHaveAttribute('href', '/widget-marked-mylike');
    await user.click(screen.getByRole('radio', { name: 'Businesses' }));
    await waitFor(() => expect(asked).toContain('kind=business&size=20'));
    await user.type(screen.getByLabelText('People who saved places in …'), 'Porto');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nobody else has saved places in Porto yet.')).toBeInTheDocument();
    expect(asked).toContain('kind=business&city=Porto&size=20');
  });

  it('has no kind choice for a private account; "Show me in suggestions" saves the setting', async () => {
    loggedIn(1);
    const saved: unknown[] = [];
    suggestionsAre([suggestion(person(5, 'Lena'))]);
    server.use(
      http.post('/api/userrelation/settings', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ discoverable: false });
      }),
    );
    const user = userEvent.setup();
    renderApp('/people');
    await screen.findByRole('button', { name: 'Match with Lena' });
    expect(screen.queryByRole('radio', { name: 'People' })).toBeNull();
    const toggle = await screen.findByRole('switch', { name: 'Show me in suggestions' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(saved).toEqual([{ discoverable: false }]);
    expect(screen.getByRole('link', { name: 'Your connections' })).toHaveAttribute('href', '/people/connections');
  });

  it('a swipe counts once it passes 30 % of the card (at most 120 px): right matches, left says no', () => {
    expect(swipeOutcome(100, 300)).toBe('match');
    expect(swipeOutcome(-100, 300)).toBe('nomatch');
    expect(swipeOutcome(80, 300)).toBeNull();
    expect(swipeOutcome(-119, 1000)).toBeNull();
    expect(swipeOutcome(120, 1000)).toBe('match');
  });
});

describe('people: connections', () => {
  it('creates a group and adds a friend to it', async () => {
    loggedIn();
    const lena = person(5, 'Lena');
    let groups: UserGroup[] = [];
    const calls: unknown[] = [];
    server.use(
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts({ friends: 1, groups: groups.length }))),
      http.get('/api/userrelation/list', ({ request }) => {
        const type = new URL(request.url).searchParams.get('f.relationtype');
        return HttpResponse.json(page(type === 'friend' ? [row(1, lena, 'friend', 1)] : []));
      }),
      http.get('/api/usergroup/list', () => HttpResponse.json(page(groups))),
      http.post('/api/usergroup/add', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        calls.push(['add', body]);
        groups = [{ id: 3, name: body.name, members: [], createdAt: '2026-01-01T00:00:00Z' }];
        return HttpResponse.json(groups[0]);
      }),
      http.post('/api/usergroup/3/member', async ({ request }) => {
        calls.push(['member', await request.json()]);
        groups = [{ ...groups[0]!, members: [lena] }];
        return HttpResponse.json(groups[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp('/people/connections');
    // friends first, with the counts on the tabs
    expect(await screen.findByRole('button', { name: 'Unfriend Lena' }, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Groups/ }));
    expect(await screen.findByText('You have no groups yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Group name'), 'Family');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('heading', { name: 'Family' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Groups 1' })).toHaveAttribute('aria-selected', 'true');
    await user.selectOptions(await screen.findByLabelText('Add a friend to Family'), 'Lena');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const members = await screen.findByRole('list', { name: 'Members of Family' });
    expect(within(members).getByRole('link', { name: 'Lena' })).toHaveAttribute('href', '/u/5');
    expect(calls).toEqual([
      ['add', { name: 'Family' }],
      ['member', { userId: 5 }],
    ]);
  });

  it('shows a refused group (too many) next to the form, without a toast', async () => {
    loggedIn();
    server.use(
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts())),
      http.get('/api/userrelation/list', () => HttpResponse.json(page([]))),
      http.get('/api/usergroup/list', () => HttpResponse.json(page([]))),
      http.post('/api/usergroup/add', () => HttpResponse.json({ key: 'error.duplicate' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderApp('/people/connections');
    await user.click(await screen.findByRole('tab', { name: /^Groups/ }));
    await user.type(await screen.findByLabelText('Group name'), 'Family');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This entry already exists.');
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('unfollows with the delete route (type 4, no category) and the row goes', async () => {
    loggedIn();
    const tom = person(6, 'Tom');
    let following = [row(2, tom, 'follow')];
    const deleted: unknown[] = [];
    server.use(
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts({ following: following.length }))),
      http.get('/api/userrelation/list', ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json(page(q.get('f.relationtype') === 'follow' && !q.has('f.incoming') ? following : []));
      }),
      http.delete('/api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser', async ({ request }) => {
        deleted.push(await request.json());
        following = [];
        return HttpResponse.json(state(6));
      }),
    );
    const user = userEvent.setup();
    renderApp('/people/connections');
    await user.click(await screen.findByRole('tab', { name: /^Following/ }));
    await user.click(await screen.findByRole('button', { name: 'Unfollow Tom' }));
    expect(await screen.findByText('You do not follow anyone yet. Follow people on their profile.')).toBeInTheDocument();
    expect(deleted).toEqual([{ relatedUserId: 6, relationcategoryId: null, relationtypeId: 4 }]);
  });
});

describe('people: a profile (/u/:id)', () => {
  const profile = (extra: Partial<PublicProfile> = {}): PublicProfile => ({
    ...person(5, 'Lena'),
    name: { firstname: 'Lena', lastname: 'Maier' },
    description: 'Coffee and viewpoints.',
    homepageUrl: 'https://lena.example',
    country: 'PT',
    industry: null,
    bloggertype: null,
    logodocument: null,
    friends: 1,
    followers: 12,
    lists: [{ id: 8, name: 'Lisbon mornings', visibility: 255, items: 4 }],
    relation: null,
    self: false,
    ...extra,
  });
  const profileIs = (answer: PublicProfile) => server.use(http.get('/api/user/profile/5', () => HttpResponse.json(answer)));
  const actions = ['Match', 'Follow', 'Block', 'Report Lena'];

  it('shows a visitor without an account what the API answers, with no actions but a way to log in', async () => {
    profileIs(profile());
    renderApp('/u/5');
    expect(await screen.findByRole('heading', { name: 'Lena', level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('1 friend')).toBeInTheDocument();
    expect(screen.getByText('12 followers')).toBeInTheDocument();
    expect(screen.getByText('Lena Maier')).toBeInTheDocument();
    expect(screen.getByText('Lisbon, PT')).toBeInTheDocument();
    // the list page needs a login: its name as text
    expect(screen.getByText('Lisbon mornings')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lisbon mornings' })).toBeNull();
    for (const name of actions) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to follow or match with Lena' })).toHaveAttribute('href', '/login');
  });

  it('shows oneself no actions, but the way to one’s profile form', async () => {
    loggedIn();
    profileIs(profile({ self: true }));
    renderApp('/u/5');
    expect(await screen.findByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
    for (const name of actions) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('gives another logged-in viewer the actions and the badges of their relation; a match completes to a celebration', async () => {
    loggedIn();
    let relation = state(5, { followedBy: true });
    server.use(
      http.get('/api/user/profile/5', () => HttpResponse.json(profile({ relation }))),
      http.post('/api/userrelation/match/private/5', () => {
        relation = state(5, { friend: true, friendCategories: [1], followedBy: true });
        return HttpResponse.json({ ...relation, matched: true });
      }),
      http.get('/api/userrelation/counts', () => HttpResponse.json(counts())),
    );
    const user = userEvent.setup();
    renderApp('/u/5');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lisbon mornings' })).toHaveAttribute('href', '/lists/8');
    expect(screen.queryByRole('button', { name: 'Match as business' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'You and them' })).getByText('Follows you')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Match' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    // on their profile already: no link to it
    expect(within(dialog).queryByRole('link')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(screen.getByRole('list', { name: 'You and them' })).getByText('Friends')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Match' })).toBeNull();
  });

  it('shows "Match pending" with a way to cancel it, and the business match where possible', async () => {
    loggedIn();
    profileIs(profile({ relation: state(5, { pendingCategories: [1], businessMatchPossible: true }) }));
    renderApp('/u/5');
    expect(await screen.findByText('Match pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel match' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Match as business' })).toBeInTheDocument();
  });

  it('says when the user is not there (or blocked the viewer: the same 404)', async () => {
    loggedIn();
    server.use(http.get('/api/user/profile/9', () => HttpResponse.json({ key: 'error.user.notfound' }, { status: 404 })));
    renderApp('/u/9');
    expect(await screen.findByText('This person does not exist or is not available.')).toBeInTheDocument();
    expect(document.querySelector('ion-toast')).toBeNull();
  });
});
