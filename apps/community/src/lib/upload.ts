import { ApiError, buildUrl, NETWORK_ERROR, parseJson, toApiError } from './api';
import { reportNetworkFailure, reportServerAnswer } from './online';
import { getSession } from './session';

/**
 * Sends a multipart form and reports the upload's progress (0–100): fetch cannot, XMLHttpRequest can.
 * Same contract as apiRequest: the session's token, the parsed answer, an ApiError when not OK.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      reportServerAnswer();
      const json = parseJson(xhr.responseText ?? '');
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(toApiError(xhr.status, xhr.statusText, json));
    };
    xhr.onerror = () => {
      reportNetworkFailure();
      reject(new ApiError(0, NETWORK_ERROR));
    };
    xhr.onabort = () => reject(new DOMException('Envío cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
