import { ApiError, buildUrl, parseBody, toApiError } from './api-client';
import { useAuthStore } from './auth-store';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Shown when the connection fails before the server answers. */
export const UPLOAD_NETWORK_ERROR = 'No se pudo enviar el archivo. Revisá la conexión e intentá de nuevo.';

/**
 * Sends a multipart form with upload progress (fetch cannot report it; XMLHttpRequest can).
 * Same contract as `apiRequest`: the session's bearer token, the parsed JSON answer, and an
 * `ApiError` with the server's message and field errors when the answer is not OK.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useAuthStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      const json = parseBody(text);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((xhr.status === 204 ? undefined : (json ?? text)) as T);
      } else {
        reject(toApiError(xhr.status, xhr.statusText, json, text));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_NETWORK_ERROR));
    xhr.onabort = () => reject(new DOMException('Envío cancelado', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
