/// <reference lib="dom" />

/**
 * Hands a Blob (or a File) to the browser as a download: a link to it, clicked and removed. Both
 * browser clients use it (the panel's CSV exports, the sellers' app's .ics where the phone cannot
 * share files); imported through `@panel/shared/api-core`.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
