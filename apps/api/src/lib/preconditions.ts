/**
 * RFC 9110 entity tags for record versions (docs/decisions/2026-11-26-record-versions.md): the
 * version as a strong tag, `"3"`, and the `If-Match` field (§13.1.1) read and evaluated with the
 * strong comparison (§8.8.3.2): a weak tag (`W/"3"`) never matches.
 */
export const entityTag = (version: number) => `"${version}"`;

/** `*` (any current version), the strong tags listed, or 'invalid' for a field that is not `If-Match` syntax. */
export type IfMatch = '*' | { strong: string[] } | 'invalid';

// entity-tag = [ weak ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text; listed with commas.
const ETAG = String.raw`(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"`;
const TAG = new RegExp(String.raw`[ \t]*${ETAG}[ \t]*(?:,|$)`, 'y');
const ANY_ETAG = String.raw`(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"`;

/**
 * The `If-Match` syntax parseIfMatch takes, as the OpenAPI document's pattern: `*`, or strong or
 * weak tags (quoted: `"3"`) listed with commas. Anything else is a 400.
 */
export const IF_MATCH_PATTERN = String.raw`^[ \t]*(?:\*|${ANY_ETAG}(?:[ \t]*,[ \t]*(?:${ANY_ETAG})?)*)[ \t]*$`;

/** The `If-Match` header as sent (undefined when absent; repeated fields join with commas). */
export function parseIfMatch(header: string | string[] | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return '*';
  if (value === '') return 'invalid';
  const strong: string[] = [];
  TAG.lastIndex = 0;
  while (TAG.lastIndex < value.length) {
    const at = TAG.lastIndex;
    const match = TAG.exec(value);
    if (!match || match.index !== at) return 'invalid';
    if (!match[1]) strong.push(match[2]!);
    // Empty list elements (`"1", , "2"`) are allowed by the list syntax.
    while (value[TAG.lastIndex] === ',' || value[TAG.lastIndex] === ' ') TAG.lastIndex++;
  }
  return { strong };
}

/** Whether the record at `version` satisfies the condition (the record exists: `*` matches). */
export function evaluateIfMatch(condition: Exclude<IfMatch, 'invalid'>, version: number): boolean {
  if (condition === '*') return true;
  return condition.strong.includes(String(version));
}
