/**
 * `npm run bench:web`: what the login page and the dashboard cost a phone.
 *
 * Builds the web app into a temporary directory (never over web/dist, which the browser tests
 * use), prints the gzipped JavaScript and CSS each page loads first, then serves the build with
 * the production server and runs Lighthouse's mobile preset on both pages. Each page is
 * measured in a fresh Chromium, several times, and the median run is reported: these machines
 * are shared, and one disturbed run says little. Then both pages again, as first visits with a
 * slow phone's network and CPU applied for real by DevTools, and the dashboard as a returning
 * visit. The targets print as PASS or MISS.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { format } from 'prettier';
import { SMTPServer } from 'smtp-server';
import { apiPaths } from '@um/contract';
import {
  gzipBytes,
  initialAssets,
  pageModules,
  pageScripts,
  readManifest,
  type MeasuredPage,
} from './bundle.js';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '..');
const callerDir = process.env['INIT_CWD'] ?? process.cwd();
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES: MeasuredPage[] = ['/login', '/dashboard'];

const print = (line = '') => process.stdout.write(`${line}\n`);

function parseOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      dist: { type: 'string' },
      compare: { type: 'string', multiple: true, default: [] },
      reports: { type: 'boolean', default: false },
      out: { type: 'string', default: join(here, 'results') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    print('npm run bench:web [-- --runs N] [--out DIR] [--reports] [--dist DIR]');
    print('npm run bench:web -- --compare DIR --compare DIR');
    print('--runs 0 leaves Lighthouse out: the visits with the throttling applied only.');
    print('--reports also writes the full Lighthouse report (JSON) of each median run to DIR.');
    print('--dist serves a build already made (vite build, prerender, precompress) as it is,');
    print('  to compare two builds by running the bench on each in turn.');
    print('--compare, given two or more builds made already, opens /dashboard as a first visit on');
    print(
      `  each in turn, ${COMPARED_VISITS} times, each build served by a server of its own, and prints`,
    );
    print('  the median of each: builds compared visit by visit on a host whose speed drifts.');
    process.exit(0);
  }
  const refuse = (reason: string) => {
    process.stderr.write(`${reason}\n`);
    process.exit(2);
  };
  if (values.compare.length === 1) refuse('--compare needs two builds or more.');
  const builds = [...values.compare, ...(values.dist === undefined ? [] : [values.dist])];
  for (const dir of builds) {
    if (!existsSync(join(resolve(callerDir, dir), 'index.html'))) {
      refuse(`${dir} holds no build of the web app (no index.html).`);
    }
  }
  return {
    compare: values.compare.map((dir) => resolve(callerDir, dir)),
    runs: Math.max(0, Number(values.runs)),
    dist: values.dist === undefined ? undefined : resolve(callerDir, values.dist),
    outDir: resolve(callerDir, values.out),
    reports: values.reports,
  };
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolvePort(address.port) : reject(),
      );
    });
  });
}

/**
 * A mail server on loopback that keeps every message it is given: production mails through
 * SMTP_URL, and the bench reads the sign-up code from what arrives here.
 */
async function startMailSink() {
  const mails: string[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolveListen) => sink.listen(0, '127.0.0.1', resolveListen));
  const { port } = sink.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((done) => sink.close(() => done())),
  };
}

type MailSink = Awaited<ReturnType<typeof startMailSink>>;

/** The production server on the temporary build, with a database and mail sink of its own. */
async function startServer(distDir: string, dataDir: string, mail: MailSink) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env['PATH'],
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: origin,
    SMTP_URL: mail.url,
    SIGNUP_ALLOWED_DOMAINS: 'school.example',
    DATABASE_URL: `sqlite:${join(dataDir, 'web.sqlite')}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
  };
  // The demo data a school would have, so the dashboard's unread badge has messages to count.
  run(process.execPath, [join(repoRoot, 'server/dist/seed/main.js')], { cwd: repoRoot, env });
  const child = spawn(process.execPath, [join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(origin + apiPaths.ready)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 300 || child.exitCode !== null) throw new Error('The server did not start.');
    await sleep(100);
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The sign-up code the server mailed to `email`. */
function mailedCode(mail: MailSink, email: string): string {
  for (const raw of mail.mails) {
    if (!raw.includes(email)) continue;
    const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (code) return code;
  }
  throw new Error(`No sign-up code for ${email} has arrived.`);
}

/** A staff account made the way the sign-up screen makes one: code by mail, then register. */
async function signUp(origin: string, mail: MailSink) {
  const email = `lighthouse-${randomBytes(4).toString('hex')}@school.example`;
  const password = randomBytes(12).toString('base64url');
  const post = (path: string, body: unknown) =>
    fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post(apiPaths.sendOtp, { email });
  if (sent.status !== 200) throw new Error(`send_otp answered ${sent.status}`);
  let otp: string | undefined;
  for (let tries = 0; !otp; tries += 1) {
    try {
      otp = mailedCode(mail, email);
    } catch (error) {
      if (tries > 50) throw error;
      await sleep(100);
    }
  }
  const registered = await post(apiPaths.register, {
    name: 'Lighthouse Teacher',
    email,
    password,
    password2: password,
    tc: true,
    otp,
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const { token } = (await registered.json()) as { token: { access: string; refresh: string } };
  const profile = (await (
    await fetch(origin + apiPaths.profile, { headers: { authorization: `Bearer ${token.access}` } })
  ).json()) as { id: string; email: string; name: string };
  return { token, profile };
}

type Session = Awaited<ReturnType<typeof signUp>>;

interface LighthouseRun {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
  /** Checks of the four categories that did not pass, with what they would save if known. */
  findings: string[];
  /** The whole report, for --reports. */
  report: string;
}

/**
 * One Lighthouse run (mobile preset: the default config) in a Chromium of its own, so no
 * cache carries over. For a signed-in page the session is stored first, as a previous visit
 * would have left it, from a page that loads none of the app; storage is then kept.
 */
/**
 * Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP); such a run
 * measured nothing, so it is repeated, at most twice.
 */
async function lighthouseRun(url: string, session: Session | null): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, session);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      print(`  (${url}: ${error.message}; measuring again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/**
 * The browser's own version: the page figures depend on it as much as on the machine, so each
 * run names it.
 */
function chromiumVersion(): string {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : `unknown (${CHROMIUM_PATH})`;
}

/** A Chromium of its own: nothing cached, nothing stored. */
const launchChromium = () =>
  launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });

/**
 * A tab of `chrome`, holding `session` in its storage when there is one, as a previous visit
 * would have left it, stored from a page of `url`'s origin that loads none of the app.
 */
async function openTab(chrome: LaunchedChrome, url: string, session: Session | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  if (!session) return { browser, page };
  await page.goto(new URL(apiPaths.health, url).toString());
  await page.evaluate((stored) => {
    localStorage.setItem('token', JSON.stringify(stored.token));
    localStorage.setItem('user', JSON.stringify(stored.profile));
  }, session);
  return { browser, page };
}

async function lighthouseOnce(url: string, session: Session | null): Promise<LighthouseRun> {
  const chrome = await launchChromium();
  try {
    if (session) {
      const { browser, page } = await openTab(chrome, url, session);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      disableStorageReset: session !== null,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new LighthouseRuntimeError(runtimeError.code);
    // A run that ended elsewhere (the stored session not yet readable, so /dashboard went on
    // to /login) measured another page.
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) {
      throw new LighthouseRuntimeError(`ended on ${finalPath}`);
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const findings = [
      ...new Set(Object.values(categories).flatMap((category) => category.auditRefs)),
    ].flatMap(({ id }) => {
      const audit = audits[id];
      // Metrics are printed anyway; what is left are the checks and the suggested savings.
      const graded =
        audit?.scoreDisplayMode === 'binary' || audit?.scoreDisplayMode === 'metricSavings';
      if (!audit || !graded || audit.score === null || audit.score >= 0.9) return [];
      const savings = audit.metricSavings?.['LCP'];
      return [
        `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${savings ? `, LCP -${Math.round(savings)} ms` : ''}`,
      ];
    });
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      lcpSeconds: numeric('largest-contentful-paint') / 1000,
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      findings,
      report: JSON.stringify(result.lhr),
    };
  } finally {
    await chrome.kill();
  }
}

/** The network and CPU of Lighthouse's mobile preset, applied for real by DevTools. */
const SLOW_PHONE = { rttMs: 150, downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3, cpu: 4 };
const RETURNING_VISITS = 7;
const FIRST_VISITS = 5;
/** First visits of each build with `--compare`. */
const COMPARED_VISITS = 10;

/** `page` on a slow phone's network and CPU, applied by DevTools to everything it loads. */
async function onSlowPhone(page: Page): Promise<void> {
  const devtools = await page.createCDPSession();
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.rttMs,
    downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpu });
}

/**
 * Opens `url` in `page` and gives its LCP in ms, once the page's heading is there and a last
 * candidate (a hydrated pre-rendered page's) has had time to come.
 */
async function visitLcp(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForSelector('main h1');
  await sleep(500);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolveLcp) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolveLcp(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  return Math.round(lcp);
}

/**
 * A first visit as a phone lives it: `url` in a Chromium of its own (nothing cached), with the
 * slow phone's network and CPU applied for real. Lighthouse simulates them from a trace taken
 * on this machine's loopback, where every file arrives at once: there the entry runs before the
 * first frame, and the simulation counts its download and CPU in the LCP of a page whose HTML
 * already holds its content. The LCP of each visit, in ms.
 */
async function firstVisitLcps(
  url: string,
  session: Session | null,
  visits = FIRST_VISITS,
): Promise<number[]> {
  const lcps: number[] = [];
  for (let visit = 0; visit < visits; visit += 1) {
    const chrome = await launchChromium();
    try {
      const { browser, page } = await openTab(chrome, url, session);
      await onSlowPhone(page);
      lcps.push(await visitLcp(page, url));
      await browser.disconnect();
    } finally {
      await chrome.kill();
    }
  }
  return lcps;
}

/**
 * A returning visit: the signed-in page reloaded with the app's files already in the browser's
 * cache, on a slow phone's network and CPU. Lighthouse measures first visits only; this is the
 * load staff see every day. The LCP of each reload, in ms.
 */
async function returningVisitLcps(url: string, session: Session): Promise<number[]> {
  const chrome = await launchChromium();
  try {
    const { browser, page } = await openTab(chrome, url, session);
    await onSlowPhone(page);
    const lcps: number[] = [];
    // The first visit fills the cache and is not counted.
    for (let visit = 0; visit <= RETURNING_VISITS; visit += 1) {
      const lcp = await visitLcp(page, url);
      if (visit > 0) lcps.push(lcp);
    }
    await browser.disconnect();
    return lcps;
  } finally {
    await chrome.kill();
  }
}

const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

function median(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
}

/**
 * `--compare`: the dashboard's first visit on each build, one visit on each in turn (the order
 * reversed every other round), so that a drift in the host's speed falls on every build alike.
 * Each build gets a server, a database and a signed-up teacher of its own.
 */
async function compareBuilds(distDirs: string[], tempDir: string, mail: MailSink): Promise<void> {
  const builds: { distDir: string; origin: string; session: Session; lcpMs: number[] }[] = [];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const [index, distDir] of distDirs.entries()) {
      const dataDir = join(tempDir, `data-${index}`);
      mkdirSync(dataDir, { recursive: true });
      const server = await startServer(distDir, dataDir, mail);
      servers.push(server);
      builds.push({
        distDir,
        origin: server.origin,
        session: await signUp(server.origin, mail),
        lcpMs: [],
      });
    }
    print('');
    print(
      `/dashboard, first visits taken in turn (${SLOW_PHONE.rttMs} ms RTT, ` +
        `${SLOW_PHONE.downloadBitsPerSecond / 1e6} Mbps, CPU ${SLOW_PHONE.cpu}× slower, applied by DevTools):`,
    );
    for (let round = 0; round < COMPARED_VISITS; round += 1) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const [lcp] = await firstVisitLcps(`${build.origin}/dashboard`, build.session, 1);
        build.lcpMs.push(lcp ?? Number.NaN);
      }
    }
    for (const build of builds) {
      print(`  ${build.distDir}: LCP median ${middle(build.lcpMs)} ms (${build.lcpMs.join(', ')})`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const tempDir = mkdtempSync(join(tmpdir(), 'um-bench-web-'));
  const distDir = options.dist ?? join(tempDir, 'dist');
  const dataDir = join(tempDir, 'data');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let mail: MailSink | undefined;
  const browser = chromiumVersion();
  print(
    `Machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
  );
  print(`Browser: ${browser}`);
  try {
    if (options.compare.length > 0) {
      mail = await startMailSink();
      await compareBuilds(options.compare, tempDir, mail);
      return;
    }
    if (options.dist) {
      print(`Serving the build in ${distDir} as it is.`);
    } else {
      print('Building the web app into a temporary directory…');
      // The three steps of `npm run build -w web`, into a directory of the bench's own.
      run(
        join(repoRoot, 'node_modules/.bin/vite'),
        ['build', '--outDir', distDir, '--emptyOutDir'],
        { cwd: webDir },
      );
      run(process.execPath, [join(webDir, 'scripts/prerender.mjs'), distDir], { cwd: webDir });
      run(process.execPath, [join(webDir, 'scripts/precompress.mjs'), distDir], { cwd: webDir });
    }

    const manifest = readManifest(distDir);
    const sizes = PAGES.map((page) => {
      const assets = initialAssets(manifest, pageModules[page]);
      const scripts = pageScripts(distDir, manifest, page);
      return {
        page,
        jsFiles: scripts.length,
        jsGzipBytes: gzipBytes(distDir, scripts),
        cssGzipBytes: gzipBytes(distDir, assets.css),
      };
    });
    print('');
    print(
      'What each page loads (JavaScript: every script its HTML asks for; gzip, zlib default level):',
    );
    for (const size of sizes) {
      print(
        `  ${size.page.padEnd(10)} JavaScript ${(size.jsGzipBytes / 1024).toFixed(1)} KiB ` +
          `(${(size.jsGzipBytes / 1000).toFixed(1)} kB) in ${size.jsFiles} files, ` +
          `CSS ${(size.cssGzipBytes / 1024).toFixed(1)} KiB`,
      );
    }

    mkdirSync(dataDir, { recursive: true });
    mail = await startMailSink();
    server = await startServer(distDir, dataDir, mail);
    const session = await signUp(server.origin, mail);
    print('');
    print(
      options.runs === 0
        ? 'Lighthouse left out (--runs 0).'
        : `Lighthouse ${options.runs}× per page, mobile preset, median run by performance score:`,
    );
    const pages = [];
    for (const page of options.runs === 0 ? [] : PAGES) {
      const runs: LighthouseRun[] = [];
      for (let n = 0; n < options.runs; n += 1) {
        runs.push(await lighthouseRun(server.origin + page, page === '/login' ? null : session));
      }
      const chosen = median(runs);
      pages.push({ page, median: chosen, runs });
      if (options.reports) {
        mkdirSync(options.outDir, { recursive: true });
        writeFileSync(
          join(options.outDir, `lighthouse${page.replace('/', '-')}.json`),
          chosen.report,
        );
      }
      print(
        `  ${page.padEnd(10)} performance ${chosen.scores.performance}, accessibility ` +
          `${chosen.scores.accessibility}, best practices ${chosen.scores.bestPractices}, ` +
          `SEO ${chosen.scores.seo}; LCP ${chosen.lcpSeconds.toFixed(2)} s, ` +
          `TBT ${chosen.tbtMs.toFixed(0)} ms, CLS ${chosen.cls.toFixed(3)} ` +
          `(performance of all runs: ${runs.map((r) => r.scores.performance).join(', ')})`,
      );
      for (const finding of chosen.findings) print(`      - ${finding}`);
    }

    const firstVisits = [];
    for (const page of PAGES) {
      const lcps = await firstVisitLcps(server.origin + page, page === '/login' ? null : session);
      firstVisits.push({ page, lcpMs: lcps });
    }
    print('');
    print(
      `First visit, nothing cached (${SLOW_PHONE.rttMs} ms RTT, ` +
        `${SLOW_PHONE.downloadBitsPerSecond / 1e6} Mbps, CPU ${SLOW_PHONE.cpu}× slower, ` +
        `applied by DevTools):`,
    );
    for (const { page, lcpMs } of firstVisits) {
      print(`  ${page.padEnd(10)} LCP median ${middle(lcpMs)} ms (${lcpMs.join(', ')})`);
    }

    const returning = await returningVisitLcps(server.origin + '/dashboard', session);
    print('');
    print(
      `Returning visit to /dashboard (cache warm; ${SLOW_PHONE.rttMs} ms RTT, ` +
        `${SLOW_PHONE.downloadBitsPerSecond / 1e6} Mbps, CPU ${SLOW_PHONE.cpu}× slower, ` +
        `applied by DevTools): LCP median ${middle(returning)} ms (${returning.join(', ')})`,
    );

    const targets = pages.flatMap(({ page, median: m }) => [
      {
        what: `${page} performance`,
        goal: '>= 90',
        measured: m.scores.performance,
        pass: m.scores.performance >= 90,
      },
      {
        what: `${page} accessibility`,
        goal: '100',
        measured: m.scores.accessibility,
        pass: m.scores.accessibility === 100,
      },
      {
        what: `${page} best practices`,
        goal: '100',
        measured: m.scores.bestPractices,
        pass: m.scores.bestPractices === 100,
      },
      {
        what: `${page} LCP (s)`,
        goal: '<= 2.0',
        measured: Number(m.lcpSeconds.toFixed(2)),
        pass: m.lcpSeconds <= 2.0,
      },
    ]);
    const login = sizes.find((size) => size.page === '/login');
    if (login) {
      targets.unshift({
        what: '/login initial JavaScript (kB gzip, 1000 bytes each)',
        goal: '<= 110.6',
        measured: Number((login.jsGzipBytes / 1000).toFixed(1)),
        pass: login.jsGzipBytes <= 110_600,
      });
    }
    for (const { page, lcpMs } of firstVisits) {
      targets.push({
        what: `${page} first visit, applied, LCP (ms)`,
        goal: '<= 2000',
        measured: middle(lcpMs),
        pass: middle(lcpMs) <= 2000,
      });
    }
    targets.push({
      what: 'returning visit to /dashboard, LCP (ms)',
      goal: '<= 1000',
      measured: middle(returning),
      pass: middle(returning) <= 1000,
    });
    print('');
    print('Targets:');
    const width = Math.max(...targets.map((t) => t.what.length));
    for (const t of targets) {
      print(
        `  ${t.what.padEnd(width)}  ${t.goal.padStart(6)}  ${String(t.measured).padStart(6)}  ${t.pass ? 'PASS' : 'MISS'}`,
      );
    }

    const totalSeconds = (performance.now() - started) / 1000;
    const report = {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        node: process.version,
        browser,
        loadAverageAtEnd: loadavg().map((load) => Number(load.toFixed(2))),
      },
      sizes,
      lighthouse: pages.map(({ page, median: chosen, runs }) => ({
        page,
        median: { ...chosen, report: undefined },
        runs: runs.map((one) => ({ ...one, report: undefined })),
      })),
      firstVisits: { conditions: SLOW_PHONE, pages: firstVisits },
      returningVisit: { page: '/dashboard', conditions: SLOW_PHONE, lcpMs: returning },
      targets,
      totalSeconds: Number(totalSeconds.toFixed(1)),
    };
    mkdirSync(options.outDir, { recursive: true });
    const file = join(options.outDir, 'web.json');
    writeFileSync(file, await format(JSON.stringify(report), { parser: 'json' }));
    print('');
    print(`Figures written to ${file}; whole run ${totalSeconds.toFixed(0)} s.`);
  } finally {
    await server?.stop();
    await mail?.close();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
