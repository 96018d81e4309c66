import { MESSAGES, STORAGE_KEYS } from '@planpiso/domain';
import { ApiError, buildUrl, notifyUnauthorized, readJson, toApiError, type QueryValue } from './api-client';

// Files from the API (reports), kept apart from api-client so the sign-in page does not ship them.

/** The file name of a download, from Content-Disposition (the RFC 5987 form first, for the Spanish characters). */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]!);
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

/**
 * GET a file (a report): the same session header and 401 rule as every call; a failure carries the server's
 * Spanish message like any other.
 */
export async function downloadFile(
  path: string,
  query?: Record<string, QueryValue>,
  /** A JSON body: the file is asked for with a POST (the layout sends its edited rows). */
  body?: unknown,
): Promise<{ blob: Blob; fileName?: string }> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NetworkError', MESSAGES.networkError);
  }
  if (!response.ok) {
    if (response.status === 401) notifyUnauthorized();
    throw toApiError(response.status, await readJson(response));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** Hands a file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
