import { AUTHENTICATED, endpoint, PUBLIC } from './contract';
import {
  CitySchoolsRequestSchema,
  CitySchoolsSchema,
  CountriesAnswerSchema,
  CountryDataQuerySchema,
  CountryDataSchema,
} from './geography.schemas';

const TAG = 'geography';

/**
 * The places a school is in (spec 03 §3, §7): countries, the divisions and cities of a country, and
 * the schools of a city. Countries and their cities are public reference data (registering a school
 * needs them before any account exists); the schools of a city only for a logged-in user.
 */
export const GEOGRAPHY_ENDPOINTS = {
  countries: endpoint({
    method: 'get',
    path: '/get-countries/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Every country, ordered by name, and the classroom levels',
    response: CountriesAnswerSchema,
  }),
  countryData: endpoint({
    method: 'get',
    path: '/get-country-data/',
    access: PUBLIC,
    tag: TAG,
    summary: "A country's territorial entities and cities, each ordered by name (404 for an unknown country)",
    query: CountryDataQuerySchema,
    response: CountryDataSchema,
  }),
  citySchools: endpoint({
    method: 'post',
    path: '/get-city-schools/',
    access: AUTHENTICATED,
    tag: TAG,
    summary: 'The schools of a city, ordered by name (404 for an unknown city)',
    body: CitySchoolsRequestSchema,
    response: CitySchoolsSchema,
  }),
};
