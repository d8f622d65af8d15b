import { z } from 'zod';
import { PublicProblemSchema } from '../problem';
import { endpoint, PUBLIC } from './contract';
import {
  CoursesAnswerSchema,
  CoursesQuerySchema,
  NamedContentSchema,
  SubtopicProblemsAnswerSchema,
  SubtopicSchema,
  SubtopicsQuerySchema,
  TopicProblemsAnswerSchema,
} from './content.schemas';

const TAG = 'content';

/**
 * The content tree of the student dashboard (spec 01 §7) and a problem to solve. Public: the demo
 * mode browses them without an account, and they hold nothing private (unpublished problems never
 * appear, and a draft opens only for those who may see it).
 */
export const CONTENT_ENDPOINTS = {
  courses: endpoint({
    method: 'get',
    path: '/courses/',
    access: PUBLIC,
    tag: TAG,
    summary:
      "The courses (the demo's only with demo=true), ordered by the name the reader sees, and their topics",
    query: CoursesQuerySchema,
    response: CoursesAnswerSchema,
  }),
  courseTopics: endpoint({
    method: 'get',
    path: '/courses/:id/topics/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The topics of a course (404 for an unknown course)',
    response: z.array(NamedContentSchema),
  }),
  subtopics: endpoint({
    method: 'get',
    path: '/get-subtopics/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The subtopics of a topic (404 for an unknown topic)',
    query: SubtopicsQuerySchema,
    response: z.array(SubtopicSchema),
  }),
  topicProblems: endpoint({
    method: 'get',
    path: '/problems/topic/:id/',
    access: PUBLIC,
    tag: TAG,
    summary:
      "The published problems of a topic, ordered by numeration, their numerals and the topic's subtopics",
    response: TopicProblemsAnswerSchema,
  }),
  subtopicProblems: endpoint({
    method: 'get',
    path: '/problems/subtopic/:id/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The published problems of a subtopic, ordered by numeration, and their numerals',
    response: SubtopicProblemsAnswerSchema,
  }),
  problem: endpoint({
    method: 'get',
    path: '/problems/:id/',
    access: PUBLIC,
    tag: TAG,
    summary:
      'A problem in its public form, without targets, solutions or correct choices (a draft only for its authors and reviewers)',
    response: PublicProblemSchema,
  }),
};
