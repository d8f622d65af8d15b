import { ComputeEngine } from '@cortex-js/compute-engine';
let t0 = performance.now();
const ce = new ComputeEngine();
console.log('engine', (performance.now()-t0).toFixed(1));
t0 = performance.now();
for (let i=0;i<5;i++) new ComputeEngine();
console.log('5 engines', (performance.now()-t0).toFixed(1));
const samples = ['x\\cdot 2', '\\frac{1}{2}x', '-x^{2}', '\\sqrt{x}', '|x-1|', '\\left|x\\right|', 'e^{x}', '\\ln x', '\\log x', '\\log_{b}x', 'x\\ne 2', 'x\\ge 2', '2\\pi', '\\theta', 'f(x)=2x+1', 'x\\in\\left(2,\\infty\\right)', '\\left\\{1,2\\right\\}', 'x=1,x=2', '(2,3)', '\\sin^{2}x', '\\cos\\left(x\\right)', 'xy', '2^{-1}', '3!', '\\pi r^{2}', '1.5\\times10^{3}', 'x<-2\\lor x>2', '\\tan 45^{\\circ}', '=2x+6', '\\infty', '-\\infty', '\\emptyset', '\\mathbb{R}', 'y=mx+b', 'm=\\frac{3-1}{2-0}', '0.1234567890123456789'];
for (const l of samples) { const t=performance.now(); const e = ce.parse(l, {canonical:false}); console.log(l.padEnd(30), JSON.stringify(e.json), (performance.now()-t).toFixed(2)); }
t0 = performance.now();
const big = '('.repeat(500) + 'x' + ')'.repeat(500);
try { ce.parse(big, {canonical:false}); } catch(e) { console.log('err', String(e).slice(0,100)); }
console.log('500 nested', (performance.now()-t0).toFixed(1));
t0 = performance.now();
ce.parse('x+'.repeat(20000)+'1', {canonical:false});
console.log('40KB', (performance.now()-t0).toFixed(1));
