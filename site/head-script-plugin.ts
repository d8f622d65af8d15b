import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** The head script's entry (`src/boot/head-script.entry.ts`). */
const ENTRY = fileURLToPath(new URL('./src/boot/head-script.entry.ts', import.meta.url));

/** The head script, bundled and minified into one classic script (its imports inlined, no exports). */
async function bundleHeadScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: ENTRY, formats: ['iife'], name: 'kibHead' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunk = outputs.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the head script was not bundled');
  return chunk.code.trim();
}

/**
 * Inlines the head script (`src/boot/head-script.ts`) into `index.html`, right after its charset, so
 * it runs as soon as the page's head is parsed: the session's refresh and the page's first data leave
 * while the entry is still downloading. The server allows it by its hash in the page's
 * Content-Security-Policy (`tool-provider/src/assets/site-assets.ts`).
 */
export function headScript(): Plugin {
  let built: Promise<string> | null = null;
  let serving = false;
  return {
    name: 'kib-head-script',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        // The dev server bundles it again for each page, so an edit shows on the next reload.
        const code = await (serving ? bundleHeadScript() : (built ??= bundleHeadScript()));
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('index.html has no charset for the head script to follow');
        return html.replace(charset, (meta) => `${meta}\n    <script>${code}</script>`);
      },
    },
  };
}
