/**
 * A post never opened on this phone, offline: its own answer (/api/app/posts/{id}) was never saved, but
 * a saved list of posts that holds it (Inicio's pages, a search) has the same post in the same shape
 * (GET /api/app/posts/{id} answers "con la misma forma que en el muro"). So its screen shows it from there.
 */

/** `/api/app/posts/{id}` (not its comments): the post's id, else null. */
export function postIdOf(pathname: string): number | null {
  const m = /^\/api\/app\/posts\/(\d+)$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** Whether a saved answer is a list of posts: the feed and its searches. */
export const isPostList = (pathname: string) => pathname === '/api/app/feed';

/**
 * The post from the newest saved list that holds it (by each answer's Date), as its own call answers
 * it, `{data: post}`; null when no saved list has it.
 */
export function postFromSavedLists(
  lists: readonly { savedAt: number; body: unknown }[],
  id: number,
): { data: unknown } | null {
  let found: { savedAt: number; post: unknown } | null = null;
  for (const { savedAt, body } of lists) {
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) continue;
    const post = data.find((p) => (p as { id?: unknown } | null)?.id === id);
    if (post && (!found || savedAt > found.savedAt)) found = { savedAt, post };
  }
  return found ? { data: found.post } : null;
}
