import type { Expr, RelationOp } from './ast';

const RELATION_LATEX: Record<RelationOp, string> = {
  '=': '=',
  '!=': '\\ne',
  '<': '<',
  '<=': '\\le',
  '>': '>',
  '>=': '\\ge',
};

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
  coth: '\\coth',
  arccot: '\\operatorname{arccot}',
  arcsec: '\\operatorname{arcsec}',
  arccsc: '\\operatorname{arccsc}',
  ln: '\\ln',
  exp: '\\exp',
};

/**
 * Writes a tree back as MathLive-style LaTeX (for feedback and hint params): `2\left(x+3\right)`,
 * `\frac{a}{b}`, `x^{2}`. Parsing the output gives an equal tree up to grouping.
 */
export function toLatex(e: Expr): string {
  switch (e.type) {
    case 'number':
      return e.text;
    case 'symbol':
      return symbolLatex(e.name);
    case 'add':
      return e.args
        .map((t, i) => {
          if (i === 0) return t.type === 'add' ? paren(toLatex(t)) : toLatex(t);
          if (t.type === 'neg') return `-${termBody(t.arg)}`;
          return `+${t.type === 'add' ? paren(toLatex(t)) : toLatex(t)}`;
        })
        .join('');
    case 'mul': {
      let out = '';
      e.args.forEach((f, i) => {
        const s = factorLatex(f, i === 0);
        const prev = e.args[i - 1];
        if (!prev) out = s;
        else if (/^[0-9.]/.test(s) || f.type === 'neg' || f.type === 'div' || prev.type === 'div')
          out += `\\cdot ${s}`;
        else if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(s)) out += ` ${s}`;
        else out += s;
      });
      return out;
    }
    case 'neg':
      return `-${termBody(e.arg)}`;
    case 'div':
      return `\\frac{${toLatex(e.num)}}{${toLatex(e.den)}}`;
    case 'pow': {
      const b = e.base;
      const base =
        b.type === 'number' ||
        b.type === 'symbol' ||
        b.type === 'call' ||
        (b.type === 'fn' && b.name === 'abs')
          ? toLatex(b)
          : paren(toLatex(b));
      return `${base}^{${toLatex(e.exp)}}`;
    }
    case 'root':
      return e.index ? `\\sqrt[${toLatex(e.index)}]{${toLatex(e.arg)}}` : `\\sqrt{${toLatex(e.arg)}}`;
    case 'fn':
      return fnLatex(e);
    case 'call':
      return `${symbolLatex(e.name)}\\left(${e.args.map(toLatex).join(',')}\\right)`;
    case 'pm':
      return e.left ? `${toLatex(e.left)}\\pm ${termBody(e.right)}` : `\\pm ${termBody(e.right)}`;
    case 'relation':
      return e.args.map(toLatex).join(RELATION_LATEX[e.op]);
    case 'logic':
      if (e.op === 'not') return `\\lnot ${paren(toLatex(e.args[0]!))}`;
      return e.args.map(toLatex).join(e.op === 'and' ? '\\land ' : '\\lor ');
    case 'interval':
      return `\\left${e.leftOpen ? '(' : '['}${toLatex(e.left)},${toLatex(e.right)}\\right${e.rightOpen ? ')' : ']'}`;
    case 'set':
      return `\\left\\lbrace${e.elements.map(toLatex).join(',')}\\right\\rbrace`;
    case 'list': {
      const inner = e.items.map(toLatex).join(',');
      if (e.delims === '[]') return `\\left[${inner}\\right]`;
      if (e.delims === '()') return `\\left(${inner}\\right)`;
      return inner;
    }
    case 'element':
      return `${toLatex(e.member)}\\in ${toLatex(e.of)}`;
  }
}

function symbolLatex(name: string): string {
  if (name === 'pi') return '\\pi';
  if (name === 'infinity') return '\\infty';
  if (name === 'emptyset') return '\\emptyset';
  if (name === 'reals') return '\\mathbb{R}';
  const sub = /^([A-Za-z]+)_(.+)$/.exec(name);
  if (sub) return `${symbolLatex(sub[1]!)}_{${sub[2]}}`;
  if (name.length > 1 && GREEK.has(name)) return `\\${name}`;
  return name.length > 1 ? `\\operatorname{${name}}` : name;
}

const GREEK = new Set([
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'varepsilon',
  'zeta',
  'eta',
  'theta',
  'vartheta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
  'phi',
  'varphi',
  'chi',
  'psi',
  'omega',
  'Gamma',
  'Delta',
  'Theta',
  'Lambda',
  'Xi',
  'Pi',
  'Sigma',
  'Phi',
  'Psi',
  'Omega',
]);

function paren(s: string): string {
  return `\\left(${s}\\right)`;
}

/** A term after a minus sign: sums get brackets. */
function termBody(e: Expr): string {
  return e.type === 'add' || e.type === 'neg' || e.type === 'pm' ? paren(toLatex(e)) : toLatex(e);
}

function factorLatex(f: Expr, first: boolean): string {
  if (f.type === 'add' || f.type === 'pm' || f.type === 'relation') return paren(toLatex(f));
  if (f.type === 'neg' && !first) return paren(toLatex(f));
  if (f.type === 'mul') return paren(toLatex(f));
  return toLatex(f);
}

function fnLatex(e: Extract<Expr, { type: 'fn' }>): string {
  const arg = e.args[0];
  const a = arg ? toLatex(arg) : '';
  switch (e.name) {
    case 'abs':
      return `\\left|${a}\\right|`;
    case 'factorial':
      return arg && (arg.type === 'number' || arg.type === 'symbol') ? `${a}!` : `${paren(a)}!`;
    case 'degrees':
      return arg && (arg.type === 'number' || arg.type === 'symbol')
        ? `${a}^{\\circ}`
        : `${paren(a)}^{\\circ}`;
    case 'binom':
      return `\\binom{${a}}{${e.args[1] ? toLatex(e.args[1]) : ''}}`;
    case 'log':
      return e.base ? `\\log_{${toLatex(e.base)}}${paren(a)}` : `\\log${paren(a)}`;
    default:
      return `${FN_LATEX[e.name] ?? `\\operatorname{${e.name}}`}${paren(a)}`;
  }
}
