import { APP_VIEWS_MAX } from '@panel/shared';

/**
 * What counts as a view (docs/decisions/2026-12-03-views.md): at least half of a post on screen
 * (IntersectionObserver, threshold 0.5) for one second without leaving; a story once it is shown.
 * Each post or story counts once per app session here, and once for good on the server (its primary
 * key). The views gathered are sent together every few seconds and when the app is hidden.
 */
export const VIEW_THRESHOLD = 0.5;
export const VIEW_DWELL_MS = 1000;
export const VIEW_FLUSH_MS = 5000;

export interface ViewBatch {
  posts: number[];
  stories: number[];
}

export interface ViewTrackerOptions {
  /** Hands one batch (at most APP_VIEWS_MAX of each kind) to the outbox. */
  send: (batch: ViewBatch) => void | Promise<void>;
  dwellMs?: number;
  flushMs?: number;
  /** The IntersectionObserver to use (tests give a fake); none: posts are not tracked. */
  observe?: (
    callback: IntersectionObserverCallback,
    options: IntersectionObserverInit,
  ) => IntersectionObserver;
}

export interface ViewTracker {
  /** Watches a post's element; the function returned stops watching it. */
  watchPost(element: Element, postId: number): () => void;
  /** Counts a view at once (a story shown in the viewer). */
  record(kind: 'post' | 'story', id: number): void;
  /** Sends what is gathered now (the app is being hidden). */
  flush(): void;
}

export function createViewTracker(options: ViewTrackerOptions): ViewTracker {
  const dwellMs = options.dwellMs ?? VIEW_DWELL_MS;
  const flushMs = options.flushMs ?? VIEW_FLUSH_MS;
  const counted = new Set<string>();
  let pending: ViewBatch = { posts: [], stories: [] };
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const watched = new Map<Element, number>();
  const dwell = new Map<Element, ReturnType<typeof setTimeout>>();

  const stopDwell = (element: Element) => {
    const timer = dwell.get(element);
    if (timer !== undefined) clearTimeout(timer);
    dwell.delete(element);
  };

  const observer = options.observe?.(
    (entries) => {
      for (const entry of entries) {
        const postId = watched.get(entry.target);
        if (postId === undefined) continue;
        const halfOnScreen = entry.isIntersecting && entry.intersectionRatio >= VIEW_THRESHOLD;
        if (!halfOnScreen) {
          stopDwell(entry.target);
          continue;
        }
        if (dwell.has(entry.target) || counted.has(`post:${postId}`)) continue;
        dwell.set(
          entry.target,
          setTimeout(() => {
            dwell.delete(entry.target);
            record('post', postId);
          }, dwellMs),
        );
      }
    },
    { threshold: [0, VIEW_THRESHOLD] },
  );

  function flush() {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const { posts, stories } = pending;
    pending = { posts: [], stories: [] };
    for (let i = 0; i < Math.max(posts.length, stories.length); i += APP_VIEWS_MAX) {
      void options.send({
        posts: posts.slice(i, i + APP_VIEWS_MAX),
        stories: stories.slice(i, i + APP_VIEWS_MAX),
      });
    }
  }

  function record(kind: 'post' | 'story', id: number) {
    const key = `${kind}:${id}`;
    if (counted.has(key)) return;
    counted.add(key);
    (kind === 'post' ? pending.posts : pending.stories).push(id);
    flushTimer ??= setTimeout(flush, flushMs);
  }

  return {
    watchPost(element, postId) {
      if (!observer) return () => {};
      watched.set(element, postId);
      observer.observe(element);
      return () => {
        stopDwell(element);
        watched.delete(element);
        observer.unobserve(element);
      };
    },
    record,
    flush,
  };
}
