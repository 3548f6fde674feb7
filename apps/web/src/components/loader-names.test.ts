import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// A Mantine Loader is a bare <span>: an aria-label on it is an ARIA attribute axe refuses
// (aria-prohibited-attr, serious) unless it has a role. Shown while a chunk or data loads, it failed
// the every-screen walk's axe scan of the date picker whenever the calendar's chunk was slow to come
// (e2e/tests/platform/every-screen.spec.ts, 1280 px /events). A named loader is a status.
// node:url's URL: jsdom's own refuses to turn into a path.
const src = fileURLToPath(new NodeURL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

describe('loaders', () => {
  it('a Loader with a name has role="status"', () => {
    const unnamedRole = sources(src).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<Loader\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => /aria-label=/.test(tag) && !/role="status"/.test(tag))
        .map((tag) => `${file.slice(src.length)}: ${tag}`),
    );
    expect(unnamedRole).toEqual([]);
  });
});
