import { afterEach, describe, expect, it } from 'vitest';
import { toCustomElement } from './element';

let counter = 0;
const tag = () => `kib-test-${++counter}`;

function Echo({
  value,
  onAnswer,
  data,
}: {
  value?: unknown;
  onAnswer?: (a: unknown) => void;
  data?: unknown;
}) {
  return (
    <button type="button" onClick={() => onAnswer?.({ n: ((value as { n?: number })?.n ?? 0) + 1 })}>
      {JSON.stringify({ value, data })}
    </button>
  );
}

function Broken(): never {
  throw new Error('boom');
}

function define(component: (props: Record<string, unknown>) => unknown) {
  const name = tag();
  customElements.define(
    name,
    toCustomElement({
      tag: name,
      component: component as never,
      props: { data: 'json', value: 'json', lang: 'string' },
      events: { onAnswer: 'kib-answer' },
      controlled: { prop: 'value', event: 'kib-answer' },
    }),
  );
  return name;
}

const button = (el: HTMLElement) => el.shadowRoot?.querySelector('button') ?? null;
/** What the element's Echo shows: its value and data, as JSON. */
const shown = (el: HTMLElement) => button(el)?.textContent ?? '';

afterEach(() => document.body.replaceChildren());

describe('custom elements', () => {
  it('render in an open shadow root and send kib-answer as a bubbling, composed event', async () => {
    const el = document.createElement(define(Echo as never));
    el.setAttribute('data', '{"a":1}');
    const outer = document.createElement('div');
    outer.append(el);
    document.body.append(outer);
    const details: unknown[] = [];
    outer.addEventListener('kib-answer', (e) => details.push((e as unknown as CustomEvent).detail));
    await expect.poll(() => shown(el)).toContain('"data":{"a":1}');
    button(el)!.click();
    // The element keeps its own answer as its value when the page does not set one.
    await expect.poll(() => shown(el)).toContain('"value":{"n":1}');
    button(el)!.click();
    await expect.poll(() => details).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('takes a JSON property and restores a saved value', async () => {
    const el = document.createElement(define(Echo as never)) as HTMLElement & { value: unknown };
    document.body.append(el);
    el.value = { n: 41 };
    await expect.poll(() => shown(el)).toContain('"value":{"n":41}');
  });

  it('keeps the old value and fires error when a JSON attribute does not parse', async () => {
    const el = document.createElement(define(Echo as never)) as HTMLElement & { value: unknown };
    el.setAttribute('data', '{"a":1}');
    document.body.append(el);
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push((e as unknown as CustomEvent).detail));
    el.setAttribute('data', '{not json');
    expect(errors).toHaveLength(1);
    // A change made after it is shown: whatever the bad attribute changed would be shown by then.
    el.value = { n: 7 };
    await expect.poll(() => shown(el)).toContain('"value":{"n":7}');
    expect(shown(el)).toContain('"data":{"a":1}');
    expect(errors).toHaveLength(1);
  });

  it('shows a translated message and fires error when the widget fails', async () => {
    const el = document.createElement(define(Broken as never));
    el.setAttribute('lang', 'en');
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push((e as unknown as CustomEvent).detail));
    document.body.append(el);
    await expect
      .poll(() => el.shadowRoot?.querySelector('[role="alert"]')?.textContent)
      .toBe('This component could not be shown. Reload the page and try again.');
    // Reported as the message is shown (componentDidCatch, in the same commit).
    expect(errors).toEqual([{ message: 'boom' }]);
  });
});
