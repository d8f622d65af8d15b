import { ProblemSchema, type Problem } from '@kib/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toCustomElement } from '../element';
import { WIDGETS } from '../registry';
import sample from './sample-problem.json' with { type: 'json' };
import { Solver } from './solver';

/** A stored file in the browser: its blob address split like `${base}/${key}`. */
interface Stored {
  base: string;
  key: string;
}

function store(blob: Blob): Stored {
  const url = URL.createObjectURL(blob);
  const cut = url.lastIndexOf('/');
  return { base: url.slice(0, cut), key: url.slice(cut + 1) };
}

/** A PNG of `width` × `height` px. */
async function picture(width: number, height: number, colour: string): Promise<Stored> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return store(blob);
}

/** The frames of {@link clip}: 15 at 25 a second, a clip of 0.6 s. */
const CLIP_FRAMES = 15;

/** A short WebM clip recorded from a canvas, {@link CLIP_FRAMES} frames long. */
async function clip(): Promise<Stored> {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 90;
  const context = canvas.getContext('2d')!;
  const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  let frame = 0;
  let drawn: () => void = () => undefined;
  const allDrawn = new Promise<void>((resolve) => (drawn = resolve));
  const draw = () => {
    context.fillStyle = frame % 2 ? '#0055aa' : '#c2185b';
    context.fillRect(0, 0, 160, 90);
    frame += 1;
    if (frame > CLIP_FRAMES) drawn();
  };
  draw();
  recorder.start();
  // A recording takes the time it shows: the clip ends once its last frame is drawn.
  const timer = setInterval(draw, 40);
  await allDrawn;
  clearInterval(timer);
  recorder.stop();
  await stopped;
  return store(new Blob(chunks, { type: 'video/webm' }));
}

let files: Record<'problem' | 'question' | 'hint' | 'step' | 'choice' | 'wide', Stored>;
let video: Stored;

beforeAll(async () => {
  files = {
    problem: await picture(320, 200, '#0055aa'),
    question: await picture(200, 120, '#c2185b'),
    hint: await picture(120, 80, '#ffb300'),
    step: await picture(240, 120, '#2e7d32'),
    choice: await picture(90, 60, '#6a1b9a'),
    wide: await picture(1600, 900, '#455a64'),
  };
  video = await clip();
});

/** The sample problem with these files on it (keys, as the API answers them). */
function problemWith(keys: {
  problem?: string;
  question?: string;
  hint?: string;
  step?: string;
  choice?: string;
  problemVideo?: string;
  questionVideo?: string;
  stepVideo?: string;
}): Problem {
  const data = structuredClone(sample) as typeof sample & Record<string, unknown>;
  const [first, second] = data.numerals as unknown as [Record<string, unknown>, Record<string, unknown>];
  data.picture = (keys.problem ?? null) as never;
  data.videoS3 = (keys.problemVideo ?? null) as never;
  first.picture = keys.question ?? null;
  first.hintPicture = keys.hint ?? null;
  const [step] = first.steps as [Record<string, unknown>];
  step.picture = keys.step ?? null;
  step.videoS3 = keys.stepVideo ?? null;
  second.videoS3 = keys.questionVideo ?? null;
  const [choice] = second.choices as [Record<string, unknown>];
  choice.picture = keys.choice ?? null;
  return ProblemSchema.parse(data);
}

const loaded = (img: HTMLImageElement | null) => !!img && img.complete && img.naturalWidth > 0;

afterEach(async () => {
  window.mathVirtualKeyboard?.hide();
  localStorage.clear();
  document.body.querySelectorAll('[data-media-test]').forEach((el) => el.remove());
  await page.viewport(1024, 768);
});

describe('Solver pictures', () => {
  it('shows the problem’s, the question’s, the hint’s, the step’s and the choices’ pictures from the picture base', async () => {
    const base = files.problem.base;
    const problem = problemWith({
      problem: files.problem.key,
      question: files.question.key,
      hint: files.hint.key,
      step: files.step.key,
      choice: files.choice.key,
    });
    const screen = await render(<Solver problem={problem} pictureBaseUrl={`${base}/`} lang="en" />);

    const statement = screen.getByRole('img', { name: 'Problem picture' });
    await expect.element(statement).toHaveAttribute('src', `${base}/${files.problem.key}`);
    await expect.element(statement).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => loaded(statement.element() as HTMLImageElement)).toBe(true);

    const question = screen.getByRole('img', { name: 'Picture of question 1' });
    await expect.element(question).toHaveAttribute('src', `${base}/${files.question.key}`);
    await expect.poll(() => loaded(question.element() as HTMLImageElement)).toBe(true);

    await screen.getByRole('button', { name: 'Hints' }).click();
    const hint = screen
      .getByRole('region', { name: 'Hints' })
      .getByRole('img', { name: 'Picture of the hint to question 1' });
    await expect.element(hint).toHaveAttribute('src', `${base}/${files.hint.key}`);
    await expect.poll(() => loaded(hint.element() as HTMLImageElement)).toBe(true);

    await screen.getByRole('button', { name: 'Step by step' }).click();
    const step = screen.getByRole('img', { name: 'Picture of step 1' });
    await expect.element(step).toHaveAttribute('src', `${base}/${files.step.key}`);
    await expect.poll(() => loaded(step.element() as HTMLImageElement)).toBe(true);

    await screen.getByRole('tab', { name: 'Question 2' }).click();
    const choice = screen.getByRole('img', { name: 'Picture: 3' });
    await expect.element(choice).toHaveAttribute('src', `${base}/${files.choice.key}`);
    await expect.poll(() => loaded(choice.element() as HTMLImageElement)).toBe(true);
    // The picture is part of the option's name, and the option is still chosen by its radio.
    await expect.element(screen.getByRole('radio', { name: /Picture: 3/ })).toBeInTheDocument();
  });

  it('fits a wide picture in a 360 px phone', async () => {
    await page.viewport(360, 740);
    const problem = problemWith({ problem: files.wide.key, question: files.wide.key });
    const screen = await render(<Solver problem={problem} pictureBaseUrl={files.wide.base} />);
    for (const name of ['Imagen del problema', 'Imagen de la pregunta 1']) {
      const img = screen.getByRole('img', { name });
      await expect.poll(() => loaded(img.element() as HTMLImageElement)).toBe(true);
      const box = img.element().getBoundingClientRect();
      expect(box.width).toBeGreaterThan(0);
      expect(box.right).toBeLessThanOrEqual(360);
      expect(box.height / box.width).toBeCloseTo(900 / 1600, 1);
    }
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });

  it('leaves out pictures that do not load, and the rest of the page works', async () => {
    const problem = problemWith({ problem: 'missing-problem.png', question: 'missing-question.png' });
    const screen = await render(<Solver problem={problem} pictureBaseUrl="/no-such-pictures" lang="en" />);
    await expect.element(screen.getByRole('tab', { name: 'Question 1' })).toBeInTheDocument();
    await expect.poll(() => screen.container.querySelectorAll('img').length).toBe(0);
    await expect.element(screen.getByRole('heading', { name: 'Álgebra y recta numérica' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Check answer' })).toBeEnabled();
  });

  it('shows no picture whose key it cannot place without a picture base, but shows an address', async () => {
    const address = `${files.question.base}/${files.question.key}`;
    const problem = problemWith({ problem: files.problem.key, question: address, choice: files.choice.key });
    const screen = await render(<Solver problem={problem} pictureBaseUrl={null} lang="en" />);
    const question = screen.getByRole('img', { name: 'Picture of question 1' });
    await expect.element(question).toHaveAttribute('src', address);
    expect(screen.getByRole('img', { name: 'Problem picture' }).query()).toBeNull();
    await screen.getByRole('tab', { name: 'Question 2' }).click();
    await expect.element(screen.getByRole('radio', { name: /3/ }).first()).toBeInTheDocument();
    expect(screen.container.querySelectorAll('img')).toHaveLength(0);
  });
});

const modalVideo = (root: ParentNode) => root.querySelector<HTMLVideoElement>('dialog[open] video');

describe('Solver videos', () => {
  async function closeVideo() {
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => document.querySelector('dialog[open]')).toBeNull();
  }

  it('plays the nearest video: the step’s, the question’s, else the problem’s, from the video base', async () => {
    const problem = problemWith({
      problemVideo: 'problemVid1.mp4',
      questionVideo: 'questionVid2.mp4',
      stepVideo: 'stepVid1.mp4',
    });
    const screen = await render(
      <Solver problem={problem} videoBaseUrl="https://cdn.test/videos/" lang="en" />,
    );

    await screen.getByRole('button', { name: 'Video' }).click();
    await expect
      .poll(() => modalVideo(screen.container)?.getAttribute('src'))
      .toBe('https://cdn.test/videos/problemVid1.mp4');
    await closeVideo();

    await screen.getByRole('button', { name: 'Step by step' }).click();
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect
      .poll(() => modalVideo(screen.container)?.getAttribute('src'))
      .toBe('https://cdn.test/videos/stepVid1.mp4');
    await closeVideo();

    await screen.getByRole('tab', { name: 'Question 2' }).click();
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.poll(() => modalVideo(screen.container)).not.toBeNull();
    const element = modalVideo(screen.container)!;
    expect(element.getAttribute('src')).toBe('https://cdn.test/videos/questionVid2.mp4');
    expect(element.getAttribute('controlslist')).toBe('nodownload');
    expect(element.disablePictureInPicture).toBe(true);
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    element.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it('plays a stored video and keeps the player usable from the keyboard', async () => {
    const problem = problemWith({ questionVideo: video.key });
    const screen = await render(<Solver problem={problem} videoBaseUrl={video.base} lang="en" />);
    await screen.getByRole('tab', { name: 'Question 2' }).click();
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Explanation video' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    const player = modalVideo(screen.container)!;
    expect(player.getAttribute('src')).toBe(`${video.base}/${video.key}`);
    await expect.poll(() => player.readyState).toBeGreaterThan(0);
    player.muted = true;
    await player.play();
    await expect.poll(() => player.currentTime).toBeGreaterThan(0);
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
    await closeVideo();
    expect(modalVideo(screen.container)).toBeNull();
  });

  it.each([
    ['the problem has no video', { base: 'https://cdn.test/videos' as string | null, keys: {} }],
    ['no video base is configured', { base: null, keys: { problemVideo: 'problemVid1.mp4' } }],
  ])("says 'not available' when %s", async (_, { base, keys }) => {
    const screen = await render(<Solver problem={problemWith(keys)} videoBaseUrl={base} lang="en" />);
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByText('Video not available')).toBeVisible();
    expect(modalVideo(screen.container)).toBeNull();
  });
});

describe('<kib-solver> picture-base-url and video-base-url', () => {
  it('reads both addresses from its attributes', async () => {
    const descriptor = WIDGETS.find((w) => w.tag === 'kib-solver')!;
    const tag = 'kib-solver-media-test';
    if (!customElements.get(tag)) customElements.define(tag, toCustomElement({ ...descriptor, tag }));
    const element = document.createElement(tag);
    element.setAttribute('data-media-test', '');
    element.setAttribute('lang', 'en');
    element.setAttribute(
      'problem',
      JSON.stringify(problemWith({ problem: files.problem.key, problemVideo: 'problemVid1.mp4' })),
    );
    element.setAttribute('picture-base-url', files.problem.base);
    element.setAttribute('video-base-url', 'https://cdn.test/videos');
    document.body.append(element);
    const root = () => element.shadowRoot!;
    await expect
      .poll(() => root()?.querySelector('img[alt="Problem picture"]')?.getAttribute('src'))
      .toBe(`${files.problem.base}/${files.problem.key}`);
    const button = Array.from(root().querySelectorAll('button')).find((b) => b.textContent === 'Video')!;
    button.click();
    await expect
      .poll(() => modalVideo(root())?.getAttribute('src'))
      .toBe('https://cdn.test/videos/problemVid1.mp4');
  });
});
