/*
 * zod for the browser builds (the site, the widget bundle), which resolve `zod` to this module.
 * Zod compiles a fast parser for each object schema with `new Function`, and probes whether it may
 * by calling it once; under Kib's Content-Security-Policy (no 'unsafe-eval') that probe is refused
 * and the page logs a `script-src` violation, although zod then quietly falls back. Jitless, zod
 * neither probes nor compiles. Set here, where zod itself loads, the setting costs a page that
 * parses no schema nothing. The server keeps the compiled parsers.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
