#!/usr/bin/env node
// The documentation check of `npm run check` (so `npm test` and CI run it):
//   1. every link and image in README.md and docs/ resolves: a relative file or folder that exists, and an
//      `#anchor` that is a heading of the target Markdown file (GitHub's slug) or an explicit `id`/`name`;
//   2. no reference to documents a clone does not have ("DECISIONS §", "DECISIONS.md", "spec §", "SPEC.md"):
//      docs cite docs/product.md and the records in docs/decisions/;
//   3. every record in docs/decisions/ has its line in docs/decisions/README.md, the index;
//   4. README.md stays a front door: at most README_MAX_LINES lines;
//   5. the code (apps, packages, e2e, scripts, bench, deploy, tools) cites the same way: no outside
//      reference, and every `docs/<file>.md#anchor, #anchor` it names resolves like a link;
//   6. the check itself: tools/docs-check/fixtures holds one of each problem, and it must find exactly
//      those there (a check that stopped finding something fails here, not silently).
// Links to other sites (http:, https:, mailto:) are not followed: the check runs without a network.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

const root = fileURLToPath(new URL('..', import.meta.url));
export const README_MAX_LINES = 150;

/**
 * Files that another branch of this round adds. A link to one passes while the file is absent; once it
 * exists it is checked like any other (anchors included), and its entry here can go.
 */
const PENDING = new Set();

/** A reference to a document outside the repository (the team's own spec and decisions file). */
const OUTSIDE_REFERENCE = /\bDECISIONS(?:\.md)? ?\(?§|\bDECISIONS\.md\b|\bspec ?\(?§|\bSPEC\.md\b/i;

const md = new MarkdownIt({ html: true });

/** Where code lives, and what is not ours or not source under it. */
const CODE_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'deploy', 'tools'];
const CODE_FILE = /\.(?:ts|tsx|mts|mjs|js|cjs|css|sql|sh|conf|html)$/;
const NOT_CODE = new Set(['node_modules', 'dist', '.artifacts', 'data', 'coverage', '.vite']);
/**
 * This file names the patterns it looks for; the fixtures plant them; a migration is never edited once
 * released (0002's comment still says where its rule came from: docs/product.md#points-engine now).
 */
const OWN = new Set(['scripts/check-docs.mjs', 'tools/docs-check/fixtures', 'apps/api/drizzle']);
/** A citation of a doc in code: `docs/product.md#points-engine, #deletes`. */
const CODE_CITATION = /\bdocs\/([\w./-]+\.md)((?:#[\w-]+)(?:,\s*#[\w-]+)*)?/g;

function codeFiles(base) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(base, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (NOT_CODE.has(entry.name) || OWN.has(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (CODE_FILE.test(entry.name)) found.push(path);
    }
  };
  for (const dir of CODE_DIRS) if (existsSync(join(base, dir))) walk(dir);
  return found.sort();
}

/** README.md and every Markdown file under docs/, as paths relative to `base` with '/' separators. */
function documents(base) {
  const found = existsSync(join(base, 'README.md')) ? ['README.md'] : [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(base, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  if (existsSync(join(base, 'docs'))) walk('docs');
  return found.sort();
}

/** The plain text of a heading's inline token, as GitHub slugs it (markup and HTML tags left out). */
function headingText(inline) {
  return (inline.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');
}

const HTML_ID = /<[a-z][^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi;
const HTML_LINK = /<(?:a|img)\s[^>]*?(href|src)\s*=\s*["']([^"']+)["']/gi;

/** Parses one file: its anchors, and every link or image with the line it is on. */
function parse(text) {
  const tokens = md.parse(text, {});
  const slugger = new GithubSlugger();
  const anchors = new Set();
  const links = [];
  const html = (content, line) => {
    for (const m of content.matchAll(HTML_ID)) anchors.add(m[1]);
    for (const m of content.matchAll(HTML_LINK)) links.push({ target: m[2], line });
  };
  let line = 1; // a table cell's inline token has no map of its own: the row's line stands for it
  tokens.forEach((token, i) => {
    if (token.map) line = token.map[0] + 1;
    if (token.type === 'heading_open') anchors.add(slugger.slug(headingText(tokens[i + 1])));
    if (token.type === 'html_block') html(token.content, line);
    if (token.type !== 'inline') return;
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') links.push({ target: child.attrGet('href'), line });
      if (child.type === 'image') links.push({ target: child.attrGet('src'), line });
      if (child.type === 'html_inline') html(child.content, line);
    }
  });
  return { anchors, links };
}

const decode = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Every problem of the documentation under `base`, as {kind, file, line, detail}.
 * kind: 'broken-link' | 'broken-anchor' | 'outside-reference' | 'unindexed-record' | 'long-readme'.
 */
export function checkDocs(base, { readmeMaxLines = README_MAX_LINES, pending = PENDING } = {}) {
  const problems = [];
  const parsed = new Map();
  const parsedOf = (path) => {
    if (!parsed.has(path)) parsed.set(path, parse(readFileSync(join(base, path), 'utf8')));
    return parsed.get(path);
  };
  const files = documents(base);

  for (const file of files) {
    const text = readFileSync(join(base, file), 'utf8');
    const lines = text.split('\n');
    lines.forEach((content, i) => {
      const m = content.match(OUTSIDE_REFERENCE);
      if (m) problems.push({ kind: 'outside-reference', file, line: i + 1, detail: `"${m[0]}"` });
    });
    if (file === 'README.md') {
      const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
      if (count > readmeMaxLines)
        problems.push({
          kind: 'long-readme',
          file,
          line: count,
          detail: `${count} lines (at most ${readmeMaxLines})`,
        });
    }

    for (const { target, line } of parsedOf(file).links) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const hash = target.indexOf('#');
      const pathPart = decode(hash === -1 ? target : target.slice(0, hash)).split('?')[0];
      const anchor = hash === -1 ? null : decode(target.slice(hash + 1));
      const targetFile = pathPart
        ? relative(base, resolve(join(base, dirname(file)), pathPart))
            .split(sep)
            .join('/')
        : file;
      if (targetFile.startsWith('..')) {
        problems.push({ kind: 'broken-link', file, line, detail: `${target} leaves the repository` });
        continue;
      }
      if (!existsSync(join(base, targetFile))) {
        if (!pending.has(targetFile)) problems.push({ kind: 'broken-link', file, line, detail: target });
        continue;
      }
      if (anchor === null || anchor === '' || !targetFile.endsWith('.md')) continue;
      if (statSync(join(base, targetFile)).isDirectory()) continue;
      if (!parsedOf(targetFile).anchors.has(anchor))
        problems.push({
          kind: 'broken-anchor',
          file,
          line,
          detail: `${target}: no heading or id "${anchor}"`,
        });
    }
  }

  for (const file of codeFiles(base)) {
    readFileSync(join(base, file), 'utf8')
      .split('\n')
      .forEach((content, i) => {
        const m = content.match(OUTSIDE_REFERENCE);
        if (m) problems.push({ kind: 'outside-reference', file, line: i + 1, detail: `"${m[0]}"` });
        for (const [, doc, anchors] of content.matchAll(CODE_CITATION)) {
          const target = `docs/${doc}`;
          if (!existsSync(join(base, target))) {
            if (!pending.has(target))
              problems.push({ kind: 'broken-link', file, line: i + 1, detail: target });
            continue;
          }
          for (const anchor of (anchors ?? '').match(/[\w-]+/g) ?? [])
            if (!parsedOf(target).anchors.has(anchor))
              problems.push({
                kind: 'broken-anchor',
                file,
                line: i + 1,
                detail: `${target}#${anchor}: no heading or id "${anchor}"`,
              });
        }
      });
  }

  const index = 'docs/decisions/README.md';
  const records = files.filter(
    (f) => f.startsWith('docs/decisions/') && f !== index && !f.slice(15).includes('/'),
  );
  if (records.length > 0) {
    const indexed = existsSync(join(base, index))
      ? new Set(
          parsedOf(index)
            .links.map(({ target }) => target.split('#')[0])
            .map((t) => `docs/decisions/${decode(t).replace(/^\.\//, '')}`),
        )
      : new Set();
    for (const record of records) {
      if (!indexed.has(record))
        problems.push({
          kind: 'unindexed-record',
          file: record,
          line: 1,
          detail: `no line links it in ${index}`,
        });
    }
  }
  return problems;
}

/** What the fixture tree must give: one of each problem, and nothing else (kind, file). */
const EXPECTED = [
  ['broken-anchor', 'README.md'],
  ['broken-anchor', 'docs/guide.md'],
  ['broken-anchor', 'apps/web/cites.ts'],
  ['broken-link', 'README.md'],
  ['broken-link', 'apps/web/cites.ts'],
  ['broken-link', 'docs/guide.md'],
  ['broken-link', 'docs/guide.md'],
  ['long-readme', 'README.md'],
  ['outside-reference', 'apps/web/cites.ts'],
  ['outside-reference', 'docs/decisions/2026-01-01-first.md'],
  ['outside-reference', 'docs/guide.md'],
  ['outside-reference', 'docs/guide.md'],
  ['unindexed-record', 'docs/decisions/2026-01-02-forgotten.md'],
];

const describe = (p) => `${p.file}:${p.line} ${p.kind}: ${p.detail}`;

function main() {
  let failed = false;
  const problems = checkDocs(root);
  for (const p of problems) console.error(describe(p));
  if (problems.length > 0) failed = true;

  const fixtures = join(root, 'tools/docs-check/fixtures');
  const found = checkDocs(fixtures, { readmeMaxLines: 5, pending: new Set() })
    .map((p) => [p.kind, p.file])
    .sort((a, b) => a.join().localeCompare(b.join()));
  const expected = [...EXPECTED].sort((a, b) => a.join().localeCompare(b.join()));
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    failed = true;
    console.error(
      'docs: the check no longer finds exactly the planted problems in tools/docs-check/fixtures',
    );
    console.error(`  expected ${JSON.stringify(expected)}`);
    console.error(`  found    ${JSON.stringify(found)}`);
  }
  if (failed) process.exit(1);
  const count = documents(root).length;
  console.log(
    `docs: ${count} files and ${codeFiles(root).length} code files, every link and anchor resolves, no outside reference, every record indexed`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
