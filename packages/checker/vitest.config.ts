import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'checker', environment: 'node' } });
