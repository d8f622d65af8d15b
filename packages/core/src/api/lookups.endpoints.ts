import { endpoint, PUBLIC } from './contract';
import {
  EducationSystemsAnswerSchema,
  LanguagesAnswerSchema,
  MathTypesAnswerSchema,
  TopicsAnswerSchema,
} from './lookups.schemas';

const TAG = 'lookups';

/**
 * The reference lists the dashboards and the creation tools pick from (spec 01 §7, spec 02 §7):
 * every topic, the math types, the languages and the education systems with their grades. Public:
 * they hold nothing private, and the same for every reader (both names of each entry are sent), so
 * they are cacheable.
 */
export const LOOKUP_ENDPOINTS = {
  topics: endpoint({
    method: 'get',
    path: '/topics/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Every topic with its English and Spanish names, ordered by name',
    response: TopicsAnswerSchema,
  }),
  mathTypes: endpoint({
    method: 'get',
    path: '/math-types/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The fourteen math types with their English and Spanish names, in the order of spec 02 §3',
    response: MathTypesAnswerSchema,
  }),
  languages: endpoint({
    method: 'get',
    path: '/languages/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The content and interface languages (es, en) with their English and Spanish names',
    response: LanguagesAnswerSchema,
  }),
  educationSystems: endpoint({
    method: 'get',
    path: '/get-education-systems/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The education systems, ordered by name, and their grades, ordered by system id and number',
    response: EducationSystemsAnswerSchema,
  }),
};
