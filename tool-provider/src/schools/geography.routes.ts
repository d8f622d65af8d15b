import { API } from '@kib/core';
import type { Sequelize } from 'sequelize';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import { TeacherRepository } from '../teachers/teacher.repository';
import { GeographyRepository } from './geography.repository';

/**
 * The places a school is in (spec 03 §3, §7): the countries with the classroom levels, a country's
 * territorial entities and cities (public: registering a school needs them), and the schools of a
 * city (logged-in users). An unknown country or city is 404.
 */
export function registerGeographyRoutes(api: ApiRouter, sequelize: Sequelize): void {
  const geography = new GeographyRepository(sequelize);
  const teachers = new TeacherRepository(sequelize);

  api.handle(API.countries, {
    handle: async () => ({
      body: { countries: await geography.countries(), levels: await teachers.levels() },
    }),
  });

  api.handle(API.countryData, {
    handle: async ({ query }) => {
      const data = await geography.countryData(query.country);
      if (!data) throw AppError.notFound();
      return { body: data };
    },
  });

  api.handle(API.citySchools, {
    handle: async ({ body }) => {
      const schools = await geography.citySchools(body.cityId);
      if (!schools) throw AppError.notFound();
      return { body: { data: schools } };
    },
  });
}
