/** Bodies as browsers send forms (docs/api-contract.md): for `app.inject` payloads with their content type. */
export function urlencoded(fields: Record<string, string | number>) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]));
  return { payload: body.toString(), contentType: 'application/x-www-form-urlencoded' };
}

export function multipart(fields: Record<string, string | number>) {
  const boundary = `----panel-${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
