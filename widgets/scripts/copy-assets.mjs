// MathLive's fonts beside the bundle, so the math field renders offline and inside an LMS without a CDN.
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const mathlive = path.dirname(require.resolve('mathlive/package.json'));
await cp(path.join(mathlive, 'fonts'), new URL('../dist/fonts', import.meta.url), { recursive: true });
