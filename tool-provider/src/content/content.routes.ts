import { API, PathIdSchema, sortByNumeration } from '@kib/core';
import type { Principal } from '../http/access';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { ContentRepository, ContentScope } from './content.repository';

function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * The content tree of the student dashboard (spec 01 §7): courses, topics of a course, subtopics of a
 * topic, and the published problems of a topic or subtopic. Public: the demo mode browses it without
 * an account, and it holds nothing private (unpublished problems never appear). A demo account
 * (spec 01 §6) sees its preset only, and 404 for anything else.
 */
export function registerContentRoutes(api: ApiRouter, content: ContentRepository): void {
  // Only an account can be a demo account; a temporary student has none.
  const scopeOf = (principal: Principal | null): Promise<ContentScope> =>
    content.scopeOf(principal && !principal.tempStudent ? principal.userId : null);

  api.handle(API.courses, {
    handle: async ({ query, req, principal }) => {
      const { courses, coursesTopics } = await content.courses({
        demoOnly: query.demo,
        scope: await scopeOf(principal),
      });
      // Listed in the order of the names the reader sees (Spanish names in Spanish).
      const language = query.language ?? req.language;
      const shown = (c: { name: string; nameSpanish: string }) =>
        language === 'es' && c.nameSpanish ? c.nameSpanish : c.name;
      const ordered = [...courses].sort((a, b) => shown(a).localeCompare(shown(b), language));
      return { body: { courses: ordered, coursesTopics } };
    },
  });

  api.handle(API.courseTopics, {
    handle: async ({ params, principal }) => {
      const topics = await content.topicsOfCourse(pathId(params.id), await scopeOf(principal));
      if (!topics) throw AppError.notFound();
      return { body: topics };
    },
  });

  api.handle(API.subtopics, {
    handle: async ({ query, principal }) => {
      const subtopics = await content.subtopicsOfTopic(query.topicId, await scopeOf(principal));
      if (!subtopics) throw AppError.notFound();
      return { body: subtopics };
    },
  });

  api.handle(API.topicProblems, {
    handle: async ({ params, principal }) => {
      const id = pathId(params.id);
      const scope = await scopeOf(principal);
      const found = await content.publishedProblems('topic', id, scope);
      if (!found) throw AppError.notFound();
      const subtopics = (await content.subtopicsOfTopic(id, scope)) ?? [];
      const problems = sortByNumeration(found.problems, (p) => p.numeration);
      return { body: { problems, numerals: found.numerals, subtopics } };
    },
  });

  api.handle(API.subtopicProblems, {
    handle: async ({ params, principal }) => {
      const found = await content.publishedProblems('subtopic', pathId(params.id), await scopeOf(principal));
      if (!found) throw AppError.notFound();
      return {
        body: { problems: sortByNumeration(found.problems, (p) => p.numeration), numerals: found.numerals },
      };
    },
  });
}
