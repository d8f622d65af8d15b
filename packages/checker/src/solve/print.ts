import type { Expr } from '../expr/ast';

const FN_LATEX: Record<string, string> = {
  sin: '\\sin',
  cos: '\\cos',
  tan: '\\tan',
  cot: '\\cot',
  sec: '\\sec',
  csc: '\\csc',
  arcsin: '\\arcsin',
  arccos: '\\arccos',
  arctan: '\\arctan',
  sinh: '\\sinh',
  cosh: '\\cosh',
  tanh: '\\tanh',
  ln: '\\ln',
  log: '\\log',
  exp: '\\exp',
};

const REL_LATEX: Record<string, string> = {
  '=': '=',
  '!=': '\\ne',
  '<': '<',
  '<=': '\\le',
  '>': '>',
  '>=': '\\ge',
};

function prec(e: Expr): number {
  switch (e.type) {
    case 'relation':
    case 'logic':
      return 0;
    case 'add':
      return 1;
    case 'neg':
      return 2;
    case 'mul':
    case 'div':
      return 3;
    case 'pow':
      return 4;
    default:
      return 5;
  }
}

/** LaTeX of a tree, close to what MathLive writes (for hint and feedback parameters). */
export function exprToLatex(e: Expr): string {
  const wrap = (x: Expr, min: number) =>
    prec(x) < min ? `\\left(${exprToLatex(x)}\\right)` : exprToLatex(x);
  switch (e.type) {
    case 'number':
      return e.text;
    case 'symbol':
      return e.name === 'pi'
        ? '\\pi'
        : e.name === 'infinity'
          ? '\\infty'
          : e.name === 'reals'
            ? '\\mathbb{R}'
            : e.name;
    case 'add':
      return e.args
        .map((a, i) => {
          if (i === 0) return exprToLatex(a);
          if (a.type === 'neg') return `-${wrap(a.arg, 2)}`;
          return `+${exprToLatex(a)}`;
        })
        .join('');
    case 'neg':
      return `-${wrap(e.arg, 2)}`;
    case 'mul': {
      let out = '';
      e.args.forEach((a, i) => {
        const s = wrap(a, 3);
        const prev = e.args[i - 1];
        const needDot =
          i > 0 &&
          (a.type === 'number' || (prev?.type === 'number' && a.type === 'div') || s.startsWith('-'));
        out += i === 0 ? s : needDot ? `\\cdot ${s}` : s;
      });
      return out;
    }
    case 'div':
      return `\\frac{${exprToLatex(e.num)}}{${exprToLatex(e.den)}}`;
    case 'pow':
      return `${wrap(e.base, 5)}^{${exprToLatex(e.exp)}}`;
    case 'root':
      return e.index
        ? `\\sqrt[${exprToLatex(e.index)}]{${exprToLatex(e.arg)}}`
        : `\\sqrt{${exprToLatex(e.arg)}}`;
    case 'fn': {
      const arg = e.args[0] ? exprToLatex(e.args[0]) : '';
      if (e.name === 'abs') return `\\left|${arg}\\right|`;
      if (e.name === 'degrees') return `${wrap(e.args[0]!, 5)}^{\\circ}`;
      if (e.name === 'factorial') return `${wrap(e.args[0]!, 5)}!`;
      const name = FN_LATEX[e.name] ?? `\\operatorname{${e.name}}`;
      const base = e.base ? `_{${exprToLatex(e.base)}}` : '';
      return `${name}${base}\\left(${arg}\\right)`;
    }
    case 'pm':
      return `${e.left ? exprToLatex(e.left) : ''}\\pm ${wrap(e.right, 2)}`;
    case 'relation':
      return e.args.map(exprToLatex).join(REL_LATEX[e.op] ?? '=');
    case 'logic':
      return e.op === 'not'
        ? `\\lnot ${exprToLatex(e.args[0]!)}`
        : e.args.map(exprToLatex).join(e.op === 'or' ? '\\lor ' : '\\land ');
    case 'interval':
      return `\\left${e.leftOpen ? '(' : '['}${exprToLatex(e.left)},${exprToLatex(e.right)}\\right${e.rightOpen ? ')' : ']'}`;
    case 'set':
      return `\\left\\{${e.elements.map(exprToLatex).join(',')}\\right\\}`;
    case 'list': {
      const inner = e.items.map(exprToLatex).join(',');
      return e.delims === '()'
        ? `\\left(${inner}\\right)`
        : e.delims === '[]'
          ? `\\left[${inner}\\right]`
          : inner;
    }
    case 'element':
      return `${exprToLatex(e.member)}\\in ${exprToLatex(e.of)}`;
    case 'call':
      return `${e.name}\\left(${e.args.map(exprToLatex).join(',')}\\right)`;
  }
}
