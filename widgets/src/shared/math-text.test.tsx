import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { MathText, sanitizeMathMl, splitMathText } from './math-text';

describe('splitMathText', () => {
  it('separates text, inline and block math', () => {
    expect(splitMathText('Solve $x+1=2$ and $$y^2$$ now, \\$5')).toEqual([
      { kind: 'text', value: 'Solve ' },
      { kind: 'inline', value: 'x+1=2' },
      { kind: 'text', value: ' and ' },
      { kind: 'block', value: 'y^2' },
      { kind: 'text', value: ' now, $5' },
    ]);
  });
});

describe('sanitizeMathMl', () => {
  it('drops elements and attributes that are not presentational MathML', () => {
    const fragment = sanitizeMathMl(
      '<mi onclick="x()">a</mi><script>alert(1)</script><mtext href="javascript:1">b</mtext>',
    );
    const html = new XMLSerializer().serializeToString(fragment.firstChild!);
    expect(html).not.toMatch(/script|onclick|href/);
    expect(html).toContain('<mi>a</mi>');
  });

  it("reads MathLive's HTML named entities, such as &ne; for x\\neq1", () => {
    const fragment = sanitizeMathMl('<mrow><mi>x</mi><mo>&ne;</mo><mn>1</mn></mrow>');
    expect(fragment.firstChild?.textContent).toBe('x≠1');
  });

  it('keeps nothing that breaks out of the math into HTML', () => {
    const fragment = sanitizeMathMl('<mi>a</mi><img src=x onerror="alert(1)"><p>b</p>');
    const html = new XMLSerializer().serializeToString(fragment.firstChild!);
    expect(html).not.toMatch(/img|onerror|<p/);
  });
});

describe('MathText with named entities', () => {
  it('shows a problem text with ≠ as math, not as LaTeX', async () => {
    const screen = await render(<MathText text={'Supón que $x\\neq1$.'} />);
    await expect.poll(() => screen.container.querySelector('math mo')?.textContent).toBe('≠');
    expect(screen.container.textContent).not.toContain('\\neq');
  });
});

describe('MathText', () => {
  it('renders math as MathML and text as text', async () => {
    const screen = await render(<MathText text={'Halla <b>x</b>: $\\frac{1}{2}$'} />);
    await expect.poll(() => screen.container.querySelector('math mfrac')).not.toBeNull();
    expect(screen.container.querySelector('b')).toBeNull();
    expect(screen.container.textContent).toContain('<b>x</b>');
  });
});
