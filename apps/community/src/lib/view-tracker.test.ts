import { APP_VIEWS_MAX } from '@panel/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewTracker, type ViewBatch } from './view-tracker';

/** A stand-in IntersectionObserver the test drives: `show(element, ratio)` reports what is on screen. */
function fakeObserver() {
  let callback: IntersectionObserverCallback = () => {};
  const observed = new Set<Element>();
  const factory = (cb: IntersectionObserverCallback, options: IntersectionObserverInit) => {
    callback = cb;
    expect(options.threshold).toContain(0.5);
    return {
      observe: (e: Element) => observed.add(e),
      unobserve: (e: Element) => observed.delete(e),
      disconnect: () => observed.clear(),
    } as unknown as IntersectionObserver;
  };
  const show = (target: Element, ratio: number) => {
    if (!observed.has(target)) return;
    callback(
      [{ target, intersectionRatio: ratio, isIntersecting: ratio > 0 } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
  };
  return { factory, show, observed };
}

let sent: ViewBatch[];
let io: ReturnType<typeof fakeObserver>;
const el = () => document.createElement('article');
const tracker = () =>
  createViewTracker({ send: (b) => void sent.push(b), observe: io.factory, dwellMs: 1000, flushMs: 5000 });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  io = fakeObserver();
});
afterEach(() => vi.useRealTimers());

describe('the view tracker', () => {
  it('counts a post half on screen for one second, once, and sends it in the next batch', () => {
    const t = tracker();
    const card = el();
    t.watchPost(card, 7);
    io.show(card, 0.5);
    vi.advanceTimersByTime(999);
    t.flush();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([{ posts: [7], stories: [] }]);
    // Scrolled away and back: never twice.
    io.show(card, 0);
    io.show(card, 1);
    vi.advanceTimersByTime(10_000);
    t.flush();
    expect(sent).toHaveLength(1);
  });

  it('does not count a post less than half on screen, however long', () => {
    const t = tracker();
    const card = el();
    t.watchPost(card, 7);
    io.show(card, 0.49);
    vi.advanceTimersByTime(60_000);
    t.flush();
    expect(sent).toEqual([]);
  });

  it('does not count a post scrolled away, or unmounted, before the second is up', () => {
    const t = tracker();
    const [a, b] = [el(), el()];
    t.watchPost(a, 1);
    const stopB = t.watchPost(b, 2);
    io.show(a, 0.8);
    io.show(b, 0.8);
    vi.advanceTimersByTime(600);
    io.show(a, 0.2);
    stopB();
    vi.advanceTimersByTime(600);
    // Back on screen: the second starts again.
    io.show(a, 0.7);
    vi.advanceTimersByTime(900);
    t.flush();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    t.flush();
    expect(sent).toEqual([{ posts: [1], stories: [] }]);
  });

  it('gathers posts and stories into one batch, sent a few seconds after the first or when flushed', () => {
    const t = tracker();
    t.record('story', 3);
    t.record('post', 4);
    t.record('story', 3);
    vi.advanceTimersByTime(4999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ posts: [4], stories: [3] }]);
    t.record('post', 5);
    t.flush();
    expect(sent.at(-1)).toEqual({ posts: [5], stories: [] });
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it(`splits a batch into calls of at most ${APP_VIEWS_MAX} of each`, () => {
    const t = tracker();
    for (let i = 1; i <= APP_VIEWS_MAX + 5; i++) t.record('post', i);
    t.record('story', 1);
    t.flush();
    expect(sent.map((b) => [b.posts.length, b.stories.length])).toEqual([
      [APP_VIEWS_MAX, 1],
      [5, 0],
    ]);
  });
});
