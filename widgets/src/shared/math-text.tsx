import { useEffect, useState } from 'react';
import { loadMathConverters } from './lazy';

/** A piece of problem text: plain text, or LaTeX between `$…$` (inline) or `$$…$$` (block). */
export interface TextSegment {
  kind: 'text' | 'inline' | 'block';
  value: string;
}

/** Splits problem text at its dollar signs (spec 01 §5); `\$` is a literal dollar. */
export function splitMathText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /\$\$([\s\S]+?)\$\$|\$((?:\\\$|[^$])+?)\$/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: 'text', value: text.slice(last, index) });
    if (match[1] !== undefined) segments.push({ kind: 'block', value: match[1].trim() });
    else segments.push({ kind: 'inline', value: (match[2] ?? '').trim() });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) });
  return segments.map((s) => (s.kind === 'text' ? { ...s, value: s.value.replace(/\\\$/g, '$') } : s));
}

const MATHML_ELEMENTS = new Set([
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mfrac',
  'msqrt',
  'mroot',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
  'mmultiscripts',
  'mprescripts',
  'none',
]);
const MATHML_ATTRIBUTES = new Set([
  'display',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'form',
  'linethickness',
  'columnalign',
  'rowalign',
  'accent',
  'accentunder',
  'movablelimits',
  'notation',
  'width',
  'height',
  'depth',
  'scriptlevel',
  'displaystyle',
  'encoding',
  'columnspacing',
  'rowspacing',
  'largeop',
  'symmetric',
]);

/**
 * Keeps only MathML elements and presentational attributes: problem text is authored by people, and
 * nothing it contains may become script, a link or a style in the student's page.
 */
export function sanitizeMathMl(markup: string): DocumentFragment {
  // Parsed as HTML, not XML: MathLive writes HTML named entities (`&ne;` for ≠), which an XML parser
  // refuses. A parsed document runs no script; only the copy below reaches the page.
  const doc = new DOMParser().parseFromString(
    `<math>${markup.replace(/^<math[^>]*>|<\/math>$/g, '')}</math>`,
    'text/html',
  );
  const fragment = document.createDocumentFragment();
  const parsed = doc.body.querySelector('math');
  if (!parsed) return fragment;
  const copy = (node: Node): Node | null => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent ?? '');
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    if (!MATHML_ELEMENTS.has(element.localName)) return null;
    const out = document.createElementNS('http://www.w3.org/1998/Math/MathML', element.localName);
    for (const attr of Array.from(element.attributes)) {
      if (MATHML_ATTRIBUTES.has(attr.name)) out.setAttribute(attr.name, attr.value);
    }
    for (const child of Array.from(element.childNodes)) {
      const c = copy(child);
      if (c) out.append(c);
    }
    return out;
  };
  const root = copy(parsed);
  if (root) fragment.append(root);
  return fragment;
}

function MathSegment({ latex, block }: { latex: string; block: boolean }) {
  const [host, setHost] = useState<HTMLSpanElement | null>(null);
  useEffect(() => {
    if (!host) return;
    let alive = true;
    // Until MathLive's converter arrives (or if it cannot read the LaTeX) the LaTeX itself is shown.
    host.textContent = latex;
    loadMathConverters()
      .then(({ convertLatexToMathMl }) => {
        if (!alive) return;
        const fragment = sanitizeMathMl(convertLatexToMathMl(latex));
        const math = fragment.firstChild as Element | null;
        if (!math) return;
        if (block) math.setAttribute('display', 'block');
        host.replaceChildren(fragment);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [host, latex, block]);
  // React renders no children here: the effect owns them.
  return (
    <span ref={setHost} className={block ? 'kib-math kib-math--block' : 'kib-math'} data-latex={latex} />
  );
}

/**
 * Problem text with its math rendered as MathML (read by screen readers, no fonts to load, works in
 * a shadow root). Text is rendered as text: authors' HTML never reaches the page.
 */
export function MathText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitMathText(text).map((segment, i) =>
        segment.kind === 'text' ? (
          <span key={i}>{segment.value}</span>
        ) : (
          <MathSegment key={`${i}:${segment.value}`} latex={segment.value} block={segment.kind === 'block'} />
        ),
      )}
    </span>
  );
}

/** A LaTeX expression alone (no dollars), rendered like MathText's math. */
export function MathLatex({ latex, block = false }: { latex: string; block?: boolean }) {
  return <MathSegment latex={latex} block={block} />;
}
