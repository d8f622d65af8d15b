import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { HandwritingService } from './handwriting.service';

/** POST get_handwritten_latex/: the pad's drawing read as LaTeX. */
export function registerHandwritingRoutes(api: ApiRouter, handwriting: HandwritingService): void {
  api.handle(API.handwrittenLatex, {
    handle: async ({ principal, files }) => ({
      body: { latex: await handwriting.fromDrawing(principal, files) },
    }),
  });
}
