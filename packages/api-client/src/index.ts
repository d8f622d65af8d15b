/** The API client, its errors and the payload and response types of the calls it makes. */
export {
  ApiClient,
  type ApiEndpoints,
  type CallArgs,
  multipartBody,
  type MultipartEndpointName,
  type UploadFile,
  type UploadInput,
  ApiError,
  NetworkError,
  type ApiClientOptions,
} from './client';
/** The logged-in user as the site keeps it (declared in `@kib/core`). */
export type { CurrentUser } from '@kib/core';
