import { API } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { Limiters } from '../http/rate-limit';
import { StudentClassroomsRepository } from './student-classrooms.repository';

/**
 * GET get_student_classrooms/: the caller's classrooms and what is published in them.
 * POST classrooms/add_student (spec 01 "Adding a classroom by code"): a student joins a classroom with
 * its registration code. Joining twice is not an error (the answer says so). Wrong codes are counted
 * per account and slowed down past ten in fifteen minutes, so short codes cannot be guessed.
 */
export function registerClassroomRoutes(
  api: ApiRouter,
  sequelize: Sequelize,
  limiters: Limiters,
  now: () => Date = () => new Date(),
): void {
  const studentClassrooms = new StudentClassroomsRepository(sequelize);

  api.handle(API.studentClassrooms, {
    handle: async ({ principal }) => ({ body: await studentClassrooms.forStudent(principal.userId, now()) }),
  });

  api.handle(API.joinClassroom, {
    handle: async ({ body, principal }) => {
      const userId = principal.userId;
      const key = `user:${userId}`;
      await limiters.classroomCodePerAccount.check(key);
      const [classroom] = await sequelize.query<{ id: number; name: string }>(
        `SELECT id, name FROM classrooms WHERE upper(code) = :code`,
        { replacements: { code: body.code }, type: QueryTypes.SELECT },
      );
      if (!classroom) {
        await limiters.classroomCodePerAccount.hit(key).catch(() => undefined);
        throw new AppError(
          404,
          'classroom-code-invalid',
          { key: 'errors.classroom-code-invalid' },
          {
            code: [{ key: 'errors.classroom-code-invalid' }],
          },
        );
      }
      const inserted = await sequelize.query<{ classroomId: number }>(
        `INSERT INTO classroom_students (classroom_id, user_id) VALUES (:classroom, :user)
         ON CONFLICT DO NOTHING RETURNING classroom_id AS "classroomId"`,
        { replacements: { classroom: classroom.id, user: userId }, type: QueryTypes.SELECT },
      );
      return { body: { classroom, alreadyMember: inserted.length === 0 } };
    },
  });
}
