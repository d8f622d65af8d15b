import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMathpix } from '../../testing/fake-mathpix';
import { MathpixProvider, RecognitionError, singleMath } from './handwriting-provider';
import { checkedLatex } from './handwriting.service';

const KEYS = { appId: 'kib-test', appKey: 'secret-key' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let fake: Awaited<ReturnType<typeof startFakeMathpix>>;

beforeAll(async () => {
  fake = await startFakeMathpix(KEYS);
});
afterAll(() => fake?.close());

const provider = (over: Partial<ConstructorParameters<typeof MathpixProvider>[0]> = {}) =>
  new MathpixProvider({ ...KEYS, baseUrl: fake.url, timeoutMs: 2000, ...over });

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof RecognitionError) return err.reason;
    throw err;
  }
  throw new Error('expected a RecognitionError');
}

describe('MathpixProvider against a local Mathpix v3 service', () => {
  it('sends the image as a data URL with the app_id and app_key headers, and answers its LaTeX', async () => {
    fake.answer({ body: JSON.stringify({ latex_styled: '\\frac{1}{2}x', text: '\\(\\frac{1}{2} x\\)' }) });
    const text = await provider().recognize({ bytes: PNG, contentType: 'image/png' });
    expect(checkedLatex(text)).toBe('\\frac{1}{2}x');
    const request = fake.seen.at(-1)!;
    expect(request.path).toBe('/v3/text');
    expect(request.headers.app_id).toBe(KEYS.appId);
    expect(request.headers.app_key).toBe(KEYS.appKey);
    expect(request.body.src).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(request.body.formats).toEqual(['text', 'latex_styled']);
  });

  it('reads the text when it is a single expression and no latex_styled came', async () => {
    fake.answer({ body: JSON.stringify({ text: '\\( 2x+3=7 \\)' }) });
    expect(checkedLatex(await provider().recognize({ bytes: PNG, contentType: 'image/png' }))).toBe('2x+3=7');
  });

  it("answers nothing legible (the pad's WrongLatex) when the service found no content", async () => {
    fake.answer({
      body: JSON.stringify({ error: 'Content not found', error_info: { id: 'image_no_content' } }),
    });
    const text = await provider().recognize({ bytes: PNG, contentType: 'image/png' });
    expect(checkedLatex(text)).toBeNull();
  });

  it('answers nothing legible for prose mixed with math, or LaTeX the checker cannot parse', async () => {
    fake.answer({ body: JSON.stringify({ text: 'the answer is \\(x=2\\) because' }) });
    expect(checkedLatex(await provider().recognize({ bytes: PNG, contentType: 'image/png' }))).toBeNull();
    fake.answer({ body: JSON.stringify({ latex_styled: '\\frac{' }) });
    expect(checkedLatex(await provider().recognize({ bytes: PNG, contentType: 'image/png' }))).toBeNull();
  });

  it('fails as malformed on an answer that is not JSON', async () => {
    fake.answer({ body: '<html><body>Bad gateway</body></html>' });
    expect(await failure(provider().recognize({ bytes: PNG, contentType: 'image/png' }))).toBe('malformed');
  });

  it('fails as a timeout when the service is slower than the bound', async () => {
    fake.answer({ body: JSON.stringify({ latex_styled: 'x' }), delayMs: 1500 });
    expect(
      await failure(provider({ timeoutMs: 200 }).recognize({ bytes: PNG, contentType: 'image/png' })),
    ).toBe('timeout');
  });

  it('fails as unauthorized when the service refuses the keys (401)', async () => {
    fake.answer({ body: JSON.stringify({ latex_styled: 'x' }) });
    expect(
      await failure(provider({ appKey: 'wrong' }).recognize({ bytes: PNG, contentType: 'image/png' })),
    ).toBe('unauthorized');
  });

  it('fails as unavailable when the service answers 500, or cannot be reached', async () => {
    fake.answer({ status: 500, body: JSON.stringify({ error: 'internal' }) });
    expect(await failure(provider().recognize({ bytes: PNG, contentType: 'image/png' }))).toBe('unavailable');
    expect(
      await failure(
        provider({ baseUrl: 'http://127.0.0.1:9' }).recognize({ bytes: PNG, contentType: 'image/png' }),
      ),
    ).toBe('unavailable');
  });
});

describe('singleMath', () => {
  it.each([
    ['\\(x+1\\)', 'x+1'],
    ['\\[ \\sqrt{2} \\]', '\\sqrt{2}'],
    ['$$y=3$$', 'y=3'],
    ['$a$', 'a'],
    ['x^2', 'x^2'],
    ['\\(x\\) and \\(y\\)', null],
    ['so \\(x\\)', null],
  ])('reads %j as %j', (text, latex) => {
    expect(singleMath(text)).toBe(latex);
  });
});
