import { defineProject } from 'vitest/config';

// A worker's files share its modules (no test mocks one): the graph loads once per worker.
export default defineProject({ test: { name: 'i18n', environment: 'node', isolate: false } });
