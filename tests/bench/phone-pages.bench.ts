/**
 * How fast Kib's pages are on a modest phone, cold: Debian's Chromium throttled to 150 ms latency,
 * 200,000 B/s down, 100,000 B/s up, CPU ×4, a 360×740 touch screen, a new browser context (empty
 * cache) for every visit. For /login, /student, the solve page of a math-field problem and that of
 * a graph problem it prints the median of three visits: Largest Contentful Paint, when the math field
 * is usable (defined, visible, editable, and then typed into) and when the graph board is drawn and
 * interactive, with the bytes each visit downloaded.
 *
 * It starts the built product as `npm start` does (ensure-built, a temporary DATA_DIR, the embedded
 * database with the development seed, a port of its own). Logged-in visits get their session
 * cookies from the login endpoint beforehand, through the context's request API, so the visit
 * itself starts with an empty cache. `npm run bench` runs it; `BENCH_RUNS=n` changes the number of
 * visits, `BENCH_WATERFALL=1` also prints every request of every visit (sent, finished, bytes), and
 * `BENCH_URL=http://…` measures a Kib already running with the development seed instead.
 */
import { execSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';
import { startKibServer, type KibServer } from '../support/kib-server.ts';

const STUDENT = { email: 'student@demo.kib', password: 'demo1234' };
const MODULE_NAME = 'Taller de álgebra';
const MATH_PROBLEM = 'Ecuación lineal';
const GRAPH_PROBLEM = 'Gráfica de una recta';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLING = { latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000, cpu: 4 };
/** The longest a visit may take before it counts as never ready. */
const VISIT_TIMEOUT = 60_000;

interface Visit {
  lcp: number | null;
  mathField: number | null;
  graph: number | null;
  typed: boolean | null;
  bytes: number;
  /** When the requests for MathLive, JSXGraph and the problem started, ms after the page's. */
  starts: Record<Download, number | null>;
  /** Every request: when it was sent and finished (ms after the page's), its bytes and address. */
  requests: { start: number; end: number | null; bytes: number; url: string }[];
}

type Download = 'mathlive' | 'jsxgraph' | 'problem';

/** The requests whose start the benchmark reports. */
const DOWNLOADS: Record<Download, RegExp> = {
  mathlive: /\/assets\/mathlive\.min-[^/]*\.js$/,
  jsxgraph: /\/assets\/jsxgraph-[^/]*\.js$/,
  problem: /\/api\/problems\/\d+\/$/,
};

interface PageUnderTest {
  name: string;
  path: string;
  loggedIn: boolean;
  waitFor: 'idle' | 'mathField' | 'graph';
}

/**
 * Runs in the page before its own scripts (as source text: a bundled function may call helpers the
 * page does not have). It records every LCP candidate, and when a math field first becomes usable
 * (MathLive has upgraded it and mounted its editor, whose keyboard sink takes the typing; visible;
 * not read-only) and when a graph board is drawn (JSXGraph made its board: `data-ready`) and visible.
 */
const WATCH_READINESS = `(() => {
  const bench = { lcp: null, mathField: null, graph: null };
  window.__kibBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  function visible(el) {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  }
  function usableField(Field) {
    for (const el of document.querySelectorAll('math-field'))
      if (el instanceof Field && !el.readOnly && visible(el) && el.shadowRoot &&
          el.shadowRoot.querySelector('[part=keyboard-sink]')) return true;
    return false;
  }
  function tick() {
    const Field = customElements.get('math-field');
    if (bench.mathField === null && Field && usableField(Field)) bench.mathField = performance.now();
    if (bench.graph === null) {
      const board = document.querySelector('.kib-cartesian-board__surface[data-ready="true"]');
      if (board && visible(board) && board.querySelector('svg, canvas')) bench.graph = performance.now();
    }
    if (bench.mathField === null || bench.graph === null) setTimeout(tick, 25);
  }
  tick();
})();`;

interface BenchTimes {
  lcp: number | null;
  mathField: number | null;
  graph: number | null;
}

/** Logs the student in through the API: the context holds the session cookies, its cache stays empty. */
async function logIn(context: BrowserContext, url: string): Promise<string> {
  const response = await context.request.post(`${url}/api/auth/jwt/create/`, { data: STUDENT });
  if (!response.ok()) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { access: string }).access;
}

/** The module, classroom and problem ids of the seeded math-field and graph problems. */
async function seededProblems(browser: Browser, url: string) {
  const context = await browser.newContext();
  try {
    const access = await logIn(context, url);
    const response = await context.request.get(`${url}/api/get_student_classrooms/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const data = (await response.json()) as {
      modules: { id: number; name: string }[];
      module_classrooms: { module_id: number; classroom_id: number }[];
      module_problems: { module_id: number; problem_id: number }[];
      problems: { id: number; title: string }[];
    };
    const module = data.modules.find((m) => m.name === MODULE_NAME);
    const classroom = data.module_classrooms.find((m) => m.module_id === module?.id);
    const inModule = (title: string) => {
      const problem = data.problems.find(
        (p) =>
          p.title === title &&
          data.module_problems.some((mp) => mp.module_id === module?.id && mp.problem_id === p.id),
      );
      if (!module || !classroom || !problem)
        throw new Error(`the seed has no "${title}" in "${MODULE_NAME}"`);
      return `/student/solve?problem=${problem.id}&module=${module.id}&classroom=${classroom.classroom_id}`;
    };
    return { math: inModule(MATH_PROBLEM), graph: inModule(GRAPH_PROBLEM) };
  } finally {
    await context.close();
  }
}

/** One cold visit of a page under the phone's throttling. */
async function visit(browser: Browser, url: string, target: PageUnderTest): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
  });
  try {
    if (target.loggedIn) await logIn(context, url);
    await context.addInitScript({ content: WATCH_READINESS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latency,
      downloadThroughput: THROTTLING.downloadThroughput,
      uploadThroughput: THROTTLING.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
    let bytes = 0;
    let pageStart: number | null = null;
    const requests = new Map<string, Visit['requests'][number]>();
    cdp.on(
      'Network.loadingFinished',
      (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
        bytes += event.encodedDataLength;
        const request = requests.get(event.requestId);
        if (request) {
          request.end = event.timestamp * 1000 - (pageStart ?? 0);
          request.bytes = event.encodedDataLength;
        }
      },
    );
    const starts: Record<Download, number | null> = { mathlive: null, jsxgraph: null, problem: null };
    cdp.on(
      'Network.requestWillBeSent',
      (event: { requestId: string; timestamp: number; type?: string; request: { url: string } }) => {
        const at = event.timestamp * 1000;
        if (pageStart === null && event.type === 'Document') pageStart = at;
        if (pageStart !== null)
          requests.set(event.requestId, {
            start: at - pageStart,
            end: null,
            bytes: 0,
            url: event.request.url.replace(url, ''),
          });
        for (const [name, pattern] of Object.entries(DOWNLOADS) as [Download, RegExp][])
          if (pageStart !== null && starts[name] === null && pattern.test(event.request.url.split('?')[0]!))
            starts[name] = at - pageStart;
      },
    );

    await page.goto(`${url}${target.path}`, { waitUntil: 'commit' });
    const ready = (key: 'mathField' | 'graph') =>
      page.waitForFunction(
        (k) => (window as unknown as { __kibBench: Record<string, number | null> }).__kibBench[k] !== null,
        key,
        { timeout: VISIT_TIMEOUT, polling: 100 },
      );
    if (target.waitFor !== 'idle') await ready(target.waitFor).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: VISIT_TIMEOUT }).catch(() => undefined);
    // Until the page has painted its largest content and nothing larger came for a second.
    await page
      .waitForFunction(
        () => {
          const b = (window as unknown as { __kibBench: BenchTimes & { settled?: [number | null, number] } })
            .__kibBench;
          const now = performance.now();
          if (!b.settled || b.settled[0] !== b.lcp) b.settled = [b.lcp, now];
          return b.lcp !== null && now - b.settled[1] > 1000;
        },
        undefined,
        { timeout: VISIT_TIMEOUT, polling: 200 },
      )
      .catch(() => undefined);
    const times = await page.evaluate(() => (window as unknown as { __kibBench: BenchTimes }).__kibBench);
    if (process.env.BENCH_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.BENCH_SCREENSHOTS}/${target.name.replace(/\W+/g, '-')}.png`,
      });
    const typed = target.waitFor === 'mathField' && times.mathField !== null ? await typeInField(page) : null;
    return {
      lcp: times.lcp,
      mathField: times.mathField,
      graph: times.graph,
      typed,
      bytes,
      starts,
      requests: [...requests.values()].sort((a, b) => a.start - b.start),
    };
  } finally {
    await context.close();
  }
}

/**
 * Taps the first editable math field and types a digit: true when the field shows it within 3 s.
 * On a touch screen MathLive takes the focus a moment after the tap (it first tells a tap from a
 * scroll), so the digit is typed once the field has the focus, as a person's next keystroke would.
 */
async function typeInField(page: Page): Promise<boolean> {
  const field = page.locator('math-field:not([read-only])').first();
  await field.tap();
  await page
    .waitForFunction(() => document.activeElement?.tagName === 'MATH-FIELD', undefined, { timeout: 3_000 })
    .catch(() => undefined);
  await page.keyboard.type('5');
  return page
    .waitForFunction(
      () =>
        (
          document.querySelector('math-field:not([read-only])') as (Element & { value?: string }) | null
        )?.value?.includes('5') === true,
      undefined,
      { timeout: 3_000, polling: 25 },
    )
    .then(
      () => true,
      () => false,
    );
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length < values.length || !known.length) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);

async function main(): Promise<void> {
  // A Kib already running with the development seed (BENCH_URL) is measured as it is.
  const running = process.env.BENCH_URL?.replace(/\/$/, '');
  if (!running) {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    try {
      execSync('node scripts/ensure-built.mjs', { cwd: root, stdio: 'pipe' });
    } catch (error) {
      console.error((error as { stdout?: Buffer }).stdout?.toString() ?? '');
      throw error;
    }
  }
  let server: KibServer | undefined;
  let browser: Browser | undefined;
  try {
    if (!running) server = await startKibServer();
    const url = running ?? server?.url ?? '';
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    const problems = await seededProblems(browser, url);
    const pages: PageUnderTest[] = [
      { name: '/login', path: '/login', loggedIn: false, waitFor: 'idle' },
      { name: '/student', path: '/student', loggedIn: true, waitFor: 'idle' },
      { name: 'solve (math field)', path: problems.math, loggedIn: true, waitFor: 'mathField' },
      { name: 'solve (graph)', path: problems.graph, loggedIn: true, waitFor: 'graph' },
    ];
    console.log(
      `Cold visits, Chromium ${browser.version()}, ${THROTTLING.latency} ms latency, ` +
        `${THROTTLING.downloadThroughput} B/s down, ${THROTTLING.uploadThroughput} B/s up, ` +
        `CPU ×${THROTTLING.cpu}, 360×740; median of ${RUNS} (${cpus().length} cores: ${cpus()[0]?.model ?? '?'})`,
    );
    const visits = new Map<string, Visit[]>(pages.map((p) => [p.name, []]));
    // Round-robin, so a slow moment of a busy machine does not fall on one page's visits only.
    for (let run = 0; run < RUNS; run++) {
      for (const target of pages) {
        const result = await visit(browser, url, target);
        visits.get(target.name)!.push(result);
        console.log(
          `  run ${run + 1} ${target.name}: LCP ${seconds(result.lcp)}, math field ${seconds(result.mathField)}` +
            `${result.typed === false ? ' (did not take typing)' : ''}, graph ${seconds(result.graph)}, ` +
            `${Math.round(result.bytes / 1000)} kB; started: problem ${seconds(result.starts.problem)}, ` +
            `MathLive ${seconds(result.starts.mathlive)}, JSXGraph ${seconds(result.starts.jsxgraph)}`,
        );
        if (process.env.BENCH_WATERFALL)
          for (const r of result.requests)
            console.log(
              `      ${seconds(r.start).padStart(7)} → ${seconds(r.end).padStart(7)} ` +
                `${(r.bytes / 1000).toFixed(1).padStart(6)} kB ${r.url}`,
            );
      }
    }
    const rows = pages.map((target) => {
      const all = visits.get(target.name)!;
      return {
        page: target.name,
        LCP: seconds(median(all.map((v) => v.lcp))),
        'math field usable':
          target.waitFor === 'mathField' ? seconds(median(all.map((v) => v.mathField))) : '',
        'graph interactive': target.waitFor === 'graph' ? seconds(median(all.map((v) => v.graph))) : '',
        'typed into':
          target.waitFor === 'mathField' ? (all.every((v) => v.typed === true) ? 'yes' : 'no') : '',
        downloaded: `${Math.round((median(all.map((v) => v.bytes)) ?? 0) / 1000)} kB`,
        'problem asked':
          target.loggedIn && target.waitFor !== 'idle'
            ? seconds(median(all.map((v) => v.starts.problem)))
            : '',
        'MathLive asked': seconds(median(all.map((v) => v.starts.mathlive))),
        'JSXGraph asked': seconds(median(all.map((v) => v.starts.jsxgraph))),
      };
    });
    console.table(rows);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

await main();
