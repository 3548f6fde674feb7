import { buildUrl } from './lib/api';
import { EARLY_CALLS, EARLY_KEY, type EarlyCall, earlyUrl, takeEarly, takeEarlyRead } from './lib/early';

const THUMB = '/api/files/abc.thumb.webp';

/**
 * boot.ts runs when it is imported (the build inlines it into index.html): a fresh copy each time,
 * with this session, path and fetch. `boot` is what the app's side reads its calls with (lib/early.ts).
 */
const boot = { EARLY_CALLS, earlyUrl, takeEarly, takeEarlyRead };

async function bootWith({ role = 'seller', path = import.meta.env.BASE_URL } = {}) {
  vi.resetModules();
  delete window[EARLY_KEY];
  window.history.replaceState(null, '', path);
  localStorage.setItem('community-auth', JSON.stringify({ token: 't1', user: { role } }));
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data: [{ images: [{ thumb_url: THUMB }] }] })),
  );
  vi.stubGlobal('fetch', fetch);
  await import('./boot');
  return { boot, fetch };
}

afterEach(() => {
  localStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('boot (Inicio’s first calls, sent while the app loads)', () => {
  it('asks for the URLs apiRequest builds for the same calls', async () => {
    const { boot } = await bootWith();
    for (const call of Object.values(boot.EARLY_CALLS) as EarlyCall[]) {
      expect(boot.earlyUrl(call)).toBe(buildUrl(call.path, call.query));
    }
  });

  it("for a seller opening Inicio sends the three calls with the session's token and preloads the first image", async () => {
    const { boot, fetch } = await bootWith();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(
      Object.values(boot.EARLY_CALLS).map((call) => boot.earlyUrl(call)),
    );
    for (const [, init] of fetch.mock.calls) {
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer t1' });
    }
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        THUMB,
      ),
    );
  });

  it('hands each answer over once, and only for the same token', async () => {
    const { boot } = await bootWith();
    const feed = boot.earlyUrl(boot.EARLY_CALLS.feed);
    const response = await boot.takeEarly(feed, 't1');
    expect(await response?.json()).toEqual({ data: [{ images: [{ thumb_url: THUMB }] }] });
    expect(boot.takeEarly(feed, 't1')).toBeUndefined();
    expect(boot.takeEarly(boot.earlyUrl(boot.EARLY_CALLS.stories), 'another')).toBeUndefined();
    expect(boot.takeEarly('/api/app/agenda', 't1')).toBeUndefined();
  });

  it("hands the feed's answer over already read once it has arrived, and then not again", async () => {
    const { boot } = await bootWith();
    const feed = boot.earlyUrl(boot.EARLY_CALLS.feed);
    expect(boot.takeEarlyRead(feed, 'another')).toBeUndefined();
    await vi.waitFor(() =>
      expect(boot.takeEarlyRead(feed, 't1')?.data).toEqual({ data: [{ images: [{ thumb_url: THUMB }] }] }),
    );
    expect(boot.takeEarlyRead(feed, 't1')).toBeUndefined();
    expect(boot.takeEarly(feed, 't1')).toBeUndefined();
  });

  it('sends nothing on another screen, for an administrator, or without a session', async () => {
    expect((await bootWith({ path: `${import.meta.env.BASE_URL}encuestas` })).fetch).not.toHaveBeenCalled();
    expect((await bootWith({ role: 'admin' })).fetch).not.toHaveBeenCalled();
    vi.resetModules();
    delete window[EARLY_KEY];
    localStorage.clear();
    window.history.replaceState(null, '', import.meta.env.BASE_URL);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await import('./boot');
    expect(fetch).not.toHaveBeenCalled();
  });
});
