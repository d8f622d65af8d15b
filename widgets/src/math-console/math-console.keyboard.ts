import type { VirtualKeyboardKeycap, VirtualKeyboardLayout } from 'mathlive';
import type { Translate } from '../shared/i18n';

type Keycap = string | Partial<VirtualKeyboardKeycap>;

/**
 * The console's two virtual keyboards (spec 01: layouts Basic and Special), as MathLive layouts.
 * Basic: digits, + − × ÷, =, parentheses, x, y, fraction, power and square root. Special: trig
 * functions, log and ln, π, e, ≤ ≥ ≠, absolute value, subscript and degrees. Every key that is not
 * a plain character has a translated tooltip, which MathLive also uses as the key's accessible name.
 */
export function keyboardLayouts(t: Translate): VirtualKeyboardLayout[] {
  const k = (latex: string, tooltip: string, extra: Partial<VirtualKeyboardKeycap> = {}): Keycap => ({
    latex,
    tooltip: t(`math-console.key-${tooltip}`),
    ...extra,
  });
  // One of MathLive's named keys ('[left]'), with a translated name.
  const named = (shortcut: string, tooltip: string): Keycap => ({
    label: shortcut,
    tooltip: t(`math-console.key-${tooltip}`),
  });
  const left = named('[left]', 'left');
  const right = named('[right]', 'right');
  const backspace = named('[backspace]', 'backspace');
  const basic: Keycap[][] = [
    [
      'x',
      'y',
      '[separator-5]',
      '[7]',
      '[8]',
      '[9]',
      k('\\div', 'divide', { class: 'big-op' }),
      k('\\frac{#@}{#?}', 'fraction'),
    ],
    [
      '[(]',
      '[)]',
      '[separator-5]',
      '[4]',
      '[5]',
      '[6]',
      k('\\times', 'times', { class: 'big-op' }),
      k('#@^{#?}', 'power'),
    ],
    [
      named('[=]', 'equals'),
      named('[.]', 'decimal-point'),
      '[separator-5]',
      '[1]',
      '[2]',
      '[3]',
      k('-', 'minus', { class: 'big-op', label: '&#x2212;' }),
      k('\\sqrt{#0}', 'sqrt'),
    ],
    [left, right, '[separator-5]', '[0]', named('[+]', 'plus'), backspace, returnKey(t)],
  ];
  const special: Keycap[][] = [
    [
      k('\\sin', 'sin'),
      k('\\cos', 'cos'),
      k('\\tan', 'tan'),
      '[separator-5]',
      k('\\pi', 'pi'),
      k('e', 'e'),
      k('^{\\circ}', 'degrees'),
    ],
    [
      k('\\log', 'log'),
      k('\\ln', 'ln'),
      k('\\log_{#?}', 'log-base'),
      '[separator-5]',
      k('\\le', 'less-equal'),
      k('\\ge', 'greater-equal'),
      k('\\ne', 'not-equal'),
    ],
    [
      k('\\left|#0\\right|', 'abs'),
      k('#@_{#?}', 'subscript'),
      k('#@^{#?}', 'power'),
      '[separator-5]',
      k('<', 'less'),
      k('>', 'greater'),
      k('\\pm', 'plus-minus'),
    ],
    [left, right, '[separator-5]', backspace, returnKey(t)],
  ];
  return [
    { id: 'kib-basic', label: t('math-console.keyboard-basic'), rows: basic },
    { id: 'kib-special', label: t('math-console.keyboard-special'), rows: special },
  ];
}

/** The return key: MathLive's commit, which the console turns into "new line after this one". */
function returnKey(t: Translate): Partial<VirtualKeyboardKeycap> {
  return {
    tooltip: t('math-console.key-new-line'),
    class: 'action',
    command: ['performWithFeedback', 'commit'],
    width: 1.5,
    label: '<svg class=svg-glyph><use xlink:href=#svg-commit /></svg>',
  };
}
