import { AppError, appErrorFromResponse, ErrorCode } from '@royal/shared';
import { BAD_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, type ResponseParser } from './api';

export type UploadOptions<T> = {
  schema: ResponseParser<T>;
  /** 0–100 while the body is sent (fetch cannot report upload progress, XMLHttpRequest can). */
  onProgress?: (percent: number) => void;
};

/**
 * POSTs a multipart form with the session cookie, reporting upload progress; the reply is parsed
 * like every other API reply and a non-2xx is thrown as the server's AppError.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new AppError(ErrorCode.SERVICE_UNAVAILABLE, NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(appErrorFromResponse(xhr.status, data));
        return;
      }
      try {
        resolve(options.schema.parse(data));
      } catch (issues) {
        reject(new AppError(ErrorCode.INTERNAL, BAD_RESPONSE_MESSAGE, issues));
      }
    };
    xhr.send(form);
  });
}
