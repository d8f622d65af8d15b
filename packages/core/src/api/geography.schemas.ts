import { z } from 'zod';
import { ClassroomLevelsSchema } from './teacher.schemas';

/** The largest id a row can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** A country: its Spanish name and, for the reference rows, its ISO 3166-1 alpha-2 code. */
export const CountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
/** A country a school may be in. */
export type Country = z.infer<typeof CountrySchema>;

/**
 * GET get-countries/: every country, ordered by name, and the levels a classroom may have (the
 * school sign-up form asks for both).
 */
export const CountriesAnswerSchema = z.object({
  countries: z.array(CountrySchema),
  levels: ClassroomLevelsSchema.shape.levels,
});
/** What GET get-countries/ answers. */
export type CountriesAnswer = z.infer<typeof CountriesAnswerSchema>;

/** GET get-country-data/?country=: the country whose divisions and cities are wanted. */
export const CountryDataQuerySchema = z.object({
  country: z.coerce
    .number('validation.required')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(MAX_ID, 'validation.invalid'),
});

/** A first-level division of a country (a Colombian department), with its DANE code when known. */
export const TerritorialEntitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
/** A first-level division of a country. */
export type TerritorialEntity = z.infer<typeof TerritorialEntitySchema>;

/** A city (a Colombian municipality), with its DANE code when known and its division. */
export const CitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  territorialEntityId: z.number().int().nullable(),
});
/** A city. */
export type City = z.infer<typeof CitySchema>;

/** GET get-country-data/: the country's divisions and cities, each ordered by name (Spanish order). */
export const CountryDataSchema = z.object({
  territorialEntities: z.array(TerritorialEntitySchema),
  cities: z.array(CitySchema),
});
/** What GET get-country-data/ answers. */
export type CountryData = z.infer<typeof CountryDataSchema>;

/** POST get-city-schools/: the city whose schools are wanted. */
export const CitySchoolsRequestSchema = z.object({
  cityId: z
    .number('validation.required')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(MAX_ID, 'validation.invalid'),
});
/** What POST get-city-schools/ is sent. */
export type CitySchoolsRequest = z.infer<typeof CitySchoolsRequestSchema>;

/** POST get-city-schools/: the schools of the city, ordered by name. */
export const CitySchoolsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
/** What POST get-city-schools/ answers. */
export type CitySchools = z.infer<typeof CitySchoolsSchema>;
