/** The API client, its errors and the payload and response types of the calls it makes. */
export {
  ApiClient,
  ApiError,
  NetworkError,
  type ApiClientOptions,
  type AttemptPayload,
  type AttemptResponse,
  type HintsResponse,
  type NumeralStat,
} from './client';
