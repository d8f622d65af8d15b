import { toCustomElement } from './element';
import { WIDGETS } from './registry';

/**
 * Defines every `<kib-*>` element (once; a page that loads the bundle twice keeps the first
 * definitions). Importing this module is enough: `<script type="module" src="kib-widgets.js">`.
 */
export function defineKibElements(registry: CustomElementRegistry = customElements): string[] {
  const defined: string[] = [];
  for (const widget of WIDGETS) {
    if (!registry.get(widget.tag)) {
      registry.define(widget.tag, toCustomElement(widget));
      defined.push(widget.tag);
    }
  }
  return defined;
}

defineKibElements();

/** The tags this bundle defines. */
export const KIB_ELEMENT_TAGS = WIDGETS.map((w) => w.tag);
