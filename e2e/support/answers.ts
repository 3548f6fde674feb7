import type { Page, Response } from '@playwright/test';

/**
 * The JSON body of the first answer matching `match` that the page received in full: start it before
 * the action that asks, await it after. A test that compares the screen with "the very answer the
 * screen got" (other tests change the data meanwhile) reads that answer's body; Playwright's
 * `waitForResponse` resolves on the headers, and the body of an answer whose request was then dropped
 * (its page navigated away, its call cancelled) is gone: `response.json()` threw "No resource with
 * given identifier found". Such an answer is skipped here and the next one is taken, as the screen does.
 */
export async function answerJson<T>(
  page: Page,
  match: (url: URL, response: Response) => boolean,
): Promise<T> {
  const bodies = new Map<object, T>();
  const request = await page.waitForEvent('requestfinished', {
    predicate: async (finished) => {
      const response = await finished.response();
      if (!response || !match(new URL(finished.url()), response)) return false;
      const read = await response.json().then(
        (value: T) => ({ value }),
        () => undefined,
      );
      if (read) bodies.set(finished, read.value);
      return read !== undefined;
    },
  });
  return bodies.get(request) as T;
}
