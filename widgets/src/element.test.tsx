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
const tick = () => new Promise((r) => setTimeout(r, 30));

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
    await tick();
    expect(button(el)?.textContent).toContain('"data":{"a":1}');
    button(el)!.click();
    await tick();
    button(el)!.click();
    await tick();
    // The element keeps its own answer as its value when the page does not set one.
    expect(details).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('takes a JSON property and restores a saved value', async () => {
    const el = document.createElement(define(Echo as never)) as HTMLElement & { value: unknown };
    document.body.append(el);
    el.value = { n: 41 };
    await tick();
    expect(button(el)?.textContent).toContain('"value":{"n":41}');
  });

  it('keeps the old value and fires error when a JSON attribute does not parse', async () => {
    const el = document.createElement(define(Echo as never));
    el.setAttribute('data', '{"a":1}');
    document.body.append(el);
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push((e as unknown as CustomEvent).detail));
    el.setAttribute('data', '{not json');
    await tick();
    expect(errors).toHaveLength(1);
    expect(button(el)?.textContent).toContain('"data":{"a":1}');
  });

  it('shows a translated message and fires error when the widget fails', async () => {
    const el = document.createElement(define(Broken as never));
    el.setAttribute('lang', 'en');
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push((e as unknown as CustomEvent).detail));
    document.body.append(el);
    await tick();
    expect(el.shadowRoot?.querySelector('[role="alert"]')?.textContent).toBe(
      'This component could not be shown. Reload the page and try again.',
    );
    expect(errors).toEqual([{ message: 'boom' }]);
  });
});
