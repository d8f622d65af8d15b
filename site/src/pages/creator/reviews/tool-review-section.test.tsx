import type { ProblemReviewAnswer } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderSite, type StubCall } from '../../../test/render-site';
import { AUTHOR_TEACHER, CREATOR, creatorServer, MINE, MINE_ANSWER } from '../creator-fixture';

const SUPERVISOR = { ...CREATOR, id: 50, firstName: 'Sofía', groups: ['Supervisors'] };

function reviewAnswer(
  change: Partial<ProblemReviewAnswer['review']> = {},
  mayRequest = true,
): ProblemReviewAnswer {
  return {
    review: {
      problemId: MINE.id,
      title: MINE.title,
      authorId: CREATOR.id,
      authorName: 'Carla Ruiz',
      published: true,
      numerals: 1,
      hasVideo: false,
      problemToReview: false,
      videoToReview: false,
      problemReviewed: false,
      videoReviewed: false,
      ready: false,
      videoReady: false,
      problemFeedback: '',
      videoFeedback: '',
      correctedText: false,
      correctedMath: false,
      graphs: 0,
      supervisorId: null,
      supervisorName: null,
      reviewDate: null,
      sentAt: null,
      videoSentAt: null,
      ...change,
    },
    history: [],
    mayRequest,
    mayReview: !mayRequest,
  };
}

describe("the creation tool's review section", () => {
  it('lets the author send the problem to review, which unpublishes the draft', async () => {
    const sent: StubCall[] = [];
    const server = creatorServer({
      extra: {
        [`GET creator/reviews/${MINE.id}/`]: { body: reviewAnswer() },
        [`PUT creator/reviews/${MINE.id}/requests/`]: (call) => {
          sent.push(call);
          return {
            body: reviewAnswer({
              problemToReview: true,
              published: false,
              sentAt: '2026-11-27T10:00:00.000Z',
            }),
          };
        },
      },
    });
    const { screen } = await renderSite(`/creator/tool/${MINE.id}`, { user: CREATOR, routes: server.routes });
    const publish = screen.getByRole('switch', { name: 'Publicar' });
    await publish.click();
    await expect.element(publish).toBeChecked();
    const request = screen.getByRole('switch', { name: 'Enviar problema a revisión' });
    await request.click();
    await expect.element(request).toBeChecked();
    expect(sent.map((c) => c.body)).toEqual([{ problemToReview: true }]);
    await expect.element(publish).not.toBeChecked();
    await expect.element(screen.getByText('Cambio guardado.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("gives a supervisor the verdict's fields on a problem they cannot edit", async () => {
    const server = creatorServer({
      extra: {
        [`GET creator/problems/${MINE.id}/`]: { body: { ...MINE_ANSWER, canEdit: false } },
        [`GET creator/reviews/${MINE.id}/`]: { body: reviewAnswer({ problemToReview: true }, false) },
      },
    });
    const { screen } = await renderSite(`/creator/tool/${MINE.id}`, {
      user: SUPERVISOR,
      routes: server.routes,
    });
    await expect.element(screen.getByRole('switch', { name: 'Problema listo' })).toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'Comentarios sobre los videos' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Enviar problema a revisión' }).elements()).toEqual([]);
  });

  it('shows nothing of reviews to a teacher', async () => {
    const server = creatorServer();
    const { screen, calls } = await renderSite(`/creator/tool/${MINE.id}`, {
      user: AUTHOR_TEACHER,
      routes: server.routes,
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar problema' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Revisión' }).elements()).toEqual([]);
    expect(calls.some((c) => c.path.startsWith('creator/reviews/'))).toBe(false);
  });
});
