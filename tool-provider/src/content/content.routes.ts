import { API, PathIdSchema, sortByNumeration } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { ContentRepository } from './content.repository';

function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * The content tree of the student dashboard (spec 01 §7): courses, topics of a course, subtopics of a
 * topic, and the published problems of a topic or subtopic. Public: the demo mode browses it without
 * an account, and it holds nothing private (unpublished problems never appear).
 */
export function registerContentRoutes(api: ApiRouter, content: ContentRepository): void {
  api.handle(API.courses, {
    handle: async ({ query, req }) => {
      const { courses, coursesTopics } = await content.courses({ demoOnly: query.demo });
      // Listed in the order of the names the reader sees (Spanish names in Spanish).
      const language = query.language ?? req.language;
      const shown = (c: { name: string; nameSpanish: string }) =>
        language === 'es' && c.nameSpanish ? c.nameSpanish : c.name;
      const ordered = [...courses].sort((a, b) => shown(a).localeCompare(shown(b), language));
      return { body: { courses: ordered, coursesTopics } };
    },
  });

  api.handle(API.courseTopics, {
    handle: async ({ params }) => {
      const topics = await content.topicsOfCourse(pathId(params.id));
      if (!topics) throw AppError.notFound();
      return { body: topics };
    },
  });

  api.handle(API.subtopics, {
    handle: async ({ query }) => {
      const subtopics = await content.subtopicsOfTopic(query.topicId);
      if (!subtopics) throw AppError.notFound();
      return { body: subtopics };
    },
  });

  api.handle(API.topicProblems, {
    handle: async ({ params }) => {
      const id = pathId(params.id);
      const { problems, numerals } = await content.publishedProblems('topic', id);
      const subtopics = (await content.subtopicsOfTopic(id)) ?? [];
      return { body: { problems: sortByNumeration(problems, (p) => p.numeration), numerals, subtopics } };
    },
  });

  api.handle(API.subtopicProblems, {
    handle: async ({ params }) => {
      const { problems, numerals } = await content.publishedProblems('subtopic', pathId(params.id));
      return { body: { problems: sortByNumeration(problems, (p) => p.numeration), numerals } };
    },
  });
}
