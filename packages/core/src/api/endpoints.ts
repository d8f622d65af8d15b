import { AUTH_ENDPOINTS } from './auth.endpoints';
import { META_ENDPOINTS } from './meta.endpoints';

/**
 * Every endpoint of the API below `/api`, by name: the one declaration the server serves, the
 * client calls and `GET /api/openapi.json` describes.
 */
export const API = {
  ...META_ENDPOINTS,
  ...AUTH_ENDPOINTS,
};

/** The name of an endpoint of {@link API}. */
export type EndpointName = keyof typeof API;
