import { startBoot } from './head-script';

// Inlined into the head of every page of the site by the build (`vite.config.ts`).
startBoot(window);
