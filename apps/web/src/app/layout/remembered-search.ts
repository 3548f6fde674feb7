/**
 * The last query string of each screen (search, filters, page, rows per page, sort), kept for the
 * browser tab in sessionStorage, so the menu brings an admin back to a list as they left it
 * (issue 21). The lists keep their state in the URL; this only remembers the URL.
 */
const KEY = 'panel-list-search';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Stores `search` ("?q=…", or "" for none) as the screen's last one. */
export function rememberSearch(pathname: string, search: string) {
  const all = read();
  if ((all[pathname] ?? '') === search) return;
  if (search) all[pathname] = search;
  else delete all[pathname];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or off (private mode): the menu then opens the screen as new.
  }
}

/** `path` with the query string it had when the admin last left it. */
export function rememberedPath(path: string): string {
  return `${path}${read()[path] ?? ''}`;
}
