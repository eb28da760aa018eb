import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { schoolNameSchema } from '@um/contract';
import { PRIVATE_FILE_MODE, createPrivateDir, tightenPrivateFile } from './db/private-files.js';

export type DatabaseConfig =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string; schema?: string };

export type TrustProxy = boolean | number | string[];

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  loginPerIp: RateLimitRule;
  loginFailuresPerAccount: RateLimitRule;
  mailPerAddress: RateLimitRule;
  mailPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  /** Token requests of OneRoster API clients (docs/oneroster.md). */
  oauthTokenPerIp: RateLimitRule;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  redisUrl: string | null;
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
  outboxDir: string;
  google: { clientId: string | null; jwksUrl: string };
  /** The e-mail domains whose addresses may sign up, or '*' when anyone may. */
  signupAllowedDomains: readonly string[] | '*';
  trustProxy: TrustProxy;
  logLevel: string;
  /** Where the built web app is; null when the server runs as an API only. */
  webDistDir: string | null;
  rateLimits: RateLimits;
  /** How long a client may take to send a whole request, headers and body (docs/api.md). */
  requestTimeoutMs: number;
  /** How long deleted students and standards stay restorable before they are purged. */
  trashRetentionDays: number;
  /** The school's name, for printed lists, mails and the page title; null when unset. */
  schoolName: string | null;
  /** The OpenID Connect provider staff may sign in with; null when none is configured. */
  oidc: OidcConfig | null;
  /** E-mail domains whose addresses sign in only through Google or the OpenID provider. */
  ssoRequiredDomains: readonly string[];
  /** The key TOTP secrets are encrypted with; null: one derived from JWT_SECRET (decision 0065). */
  mfaEncryptionKey: string | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on its button: "Sign in with Microsoft". */
  name: string;
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export const defaultRateLimits: RateLimits = {
  loginPerIp: { max: 10, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  mailPerAddress: { max: 5, windowMs: 60 * 60_000 },
  mailPerIp: { max: 30, windowMs: 60 * 60_000 },
  registerPerIp: { max: 10, windowMs: 60_000 },
  resetPerIp: { max: 10, windowMs: 60_000 },
  oauthTokenPerIp: { max: 30, windowMs: 60_000 },
};

/** Variables a production server refuses to start without (docs/auth.md, "Operating notes"). */
const PRODUCTION_REQUIRED = [
  'JWT_SECRET',
  'APP_URL',
  'SMTP_URL',
  'SIGNUP_ALLOWED_DOMAINS',
] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The database when DATABASE_URL is unset: a SQLite file in the data folder. */
export function defaultDatabaseUrl(dataDir: string): string {
  return `sqlite:${join(dataDir, 'app.db')}`;
}

/**
 * The database the environment names, as the server reads it: DATABASE_URL, or else the
 * SQLite file in DATA_DIR. For tools (the backup) that need no more of the configuration.
 */
export function databaseFromEnv(env: NodeJS.ProcessEnv, baseDir: string): DatabaseConfig {
  const dataDir = resolve(baseDir, env['DATA_DIR']?.trim() || 'data');
  return parseDatabaseUrl(env['DATABASE_URL']?.trim() || defaultDatabaseUrl(dataDir), baseDir);
}

/** `postgres://…`, `sqlite:PATH`, `sqlite::memory:` or a plain file path (README.md). */
export function parseDatabaseUrl(value: string, baseDir: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    new URL(value);
    return { dialect: 'postgres', url: value };
  }
  if (value === 'sqlite::memory:' || value === ':memory:') {
    return { dialect: 'sqlite', filename: ':memory:' };
  }
  const path = value.startsWith('sqlite:') ? value.slice('sqlite:'.length) : value;
  if (path.length === 0 || /^[a-z][a-z0-9+.-]*:/i.test(path)) {
    throw new Error('must be postgres://…, sqlite:PATH, sqlite::memory: or a file path');
  }
  return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(baseDir, path) };
}

function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const validBits = bits === undefined || /^\d{1,3}$/.test(bits);
    if (!address || isIP(address) === 0 || !validBits) {
      throw new Error(`"${entry}" is not true, false, a hop count, an address or a CIDR`);
    }
  }
  return entries;
}

const rateLimitVariables = {
  RATE_LIMIT_LOGIN_PER_IP: 'loginPerIp',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: 'loginFailuresPerAccount',
  RATE_LIMIT_MAIL_PER_ADDRESS: 'mailPerAddress',
  RATE_LIMIT_MAIL_PER_IP: 'mailPerIp',
  RATE_LIMIT_REGISTER_PER_IP: 'registerPerIp',
  RATE_LIMIT_RESET_PER_IP: 'resetPerIp',
  RATE_LIMIT_OAUTH_TOKEN_PER_IP: 'oauthTokenPerIp',
} as const satisfies Record<string, keyof RateLimits>;

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number' })
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  APP_URL: urlWithProtocols(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'must be an address such as School Office <office@school.edu>' })
    .default('User Management <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: urlWithProtocols(['http:', 'https:']).default(GOOGLE_JWKS_URL),
  SIGNUP_ALLOWED_DOMAINS: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .optional(),
  REQUEST_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a whole number of seconds, at least 1' })
    .transform(Number)
    .pipe(z.number().min(1, { error: 'must be a whole number of seconds, at least 1' }))
    .default(30),
  TRASH_RETENTION_DAYS: z
    .string()
    .regex(/^\d{1,5}$/, { error: 'must be a whole number of days, at least 1' })
    .transform(Number)
    .pipe(z.number().min(1, { error: 'must be a whole number of days, at least 1' }))
    .default(30),
  DATA_DIR: z.string().default('data'),
  SCHOOL_NAME: schoolNameSchema.optional(),
  WEB_DIST_DIR: z.string().optional(),
  OIDC_ISSUER: urlWithProtocols(['https:', 'http:']).optional(),
  OIDC_CLIENT_ID: z.string().max(512, { error: 'must be at most 512 characters' }).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2048, { error: 'must be at most 2048 characters' }).optional(),
  OIDC_NAME: z
    .string()
    .trim()
    .max(40, { error: 'must be at most 40 characters' })
    .regex(/^[^\p{Cc}]*$/u, { error: 'must be one line of text, without control characters' })
    .optional(),
  SSO_REQUIRED_DOMAINS: z.string().optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
});

/** Variables whose value is a secret: a start-up error names them and never shows them. */
const SECRETS = new Set(['JWT_SECRET', 'OIDC_CLIENT_SECRET', 'MFA_ENCRYPTION_KEY']);

/**
 * A variable as a start-up error may show it: a secret never, and a URL without the password
 * it may carry (`smtp://office:…@mail`), since the error goes to the log and the terminal.
 */
function shown(name: string, value: string | undefined): string {
  if (SECRETS.has(name)) return name;
  const withoutPassword = (value ?? '').replace(/^([^:/?#]+:\/\/[^:@/?#]*):[^/?#]*@/, '$1:…@');
  return `${name}=${withoutPassword}`;
}

/** SIGNUP_ALLOWED_DOMAINS: `*`, or a comma list of domains (a leading @ is forgiven). */
function parseSignupDomains(value: string): readonly string[] | '*' {
  if (value.trim() === '*') return '*';
  return parseDomains(value, 'must be * (anyone may sign up) or a comma list of e-mail domains');
}

/** A comma list of e-mail domains (a leading @ is forgiven), lower-cased. */
function parseDomains(value: string, emptyMessage: string): readonly string[] {
  const domains = value
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter((domain) => domain.length > 0);
  const invalid = domains.find((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain));
  if (domains.length === 0 || invalid !== undefined) {
    throw new Error(
      invalid === undefined
        ? emptyMessage
        : `"${invalid}" is not an e-mail domain; ${emptyMessage.replace(/^must be /, 'use ')}`,
    );
  }
  return domains;
}

const OIDC_PARTS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/**
 * The OpenID provider: its issuer, client id and secret come together or not at all, and its
 * name is needed for the button unless the issuer is Microsoft's (Entra ID).
 */
function oidcFrom(
  vars: Partial<Record<(typeof OIDC_PARTS)[number] | 'OIDC_NAME', string>>,
  problems: string[],
): OidcConfig | null {
  const given = OIDC_PARTS.filter((name) => vars[name] !== undefined);
  if (given.length === 0) {
    if (vars.OIDC_NAME !== undefined) problems.push('OIDC_NAME: needs OIDC_ISSUER');
    return null;
  }
  for (const name of OIDC_PARTS) {
    if (vars[name] === undefined) {
      problems.push(`${name}: is required with ${given.join(' and ')}`);
    }
  }
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = vars;
  if (!issuer || !clientId || !clientSecret) return null;
  const microsoft = new URL(issuer).hostname === 'login.microsoftonline.com';
  const name = vars.OIDC_NAME || (microsoft ? 'Microsoft' : undefined);
  if (name === undefined) {
    problems.push('OIDC_NAME: is required with OIDC_ISSUER (the name on the button, such as Okta)');
    return null;
  }
  return { issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, name };
}

export interface LoadConfigOptions {
  /** Directory that relative paths (data/, the SQLite file) resolve against. */
  baseDir?: string;
  /** The built web app to serve when WEB_DIST_DIR is unset and the directory exists. */
  defaultWebDistDir?: string;
}

/**
 * Reads every variable of the README's "Configuration" once; a blank one counts as unset. Throws a
 * ConfigError listing every problem, so an operator fixes them all in one go instead of one per
 * restart.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): Config {
  const baseDir = options.baseDir ?? process.cwd();
  const problems: string[] = [];
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${shown(name, env[name])}: ${issue.message}`);
    }
  }
  // A school's records must never be open to any stranger who signs up, nor its codes written
  // to a log (the outbox mailer logs each mail): production says who may sign up, and mails.
  if (blankAsUnset['NODE_ENV'] === 'production') {
    for (const name of PRODUCTION_REQUIRED) {
      if (blankAsUnset[name] === undefined) {
        problems.push(`${name}: is required when NODE_ENV=production`);
      }
    }
  }
  if (!parsed.success) throw new ConfigError(problems);
  const vars = parsed.data;

  const dataDir = resolve(baseDir, vars.DATA_DIR);
  const databaseUrl = vars.DATABASE_URL ?? defaultDatabaseUrl(dataDir);
  let database: DatabaseConfig | undefined;
  try {
    database = parseDatabaseUrl(databaseUrl, baseDir);
  } catch (error) {
    problems.push(`${shown('DATABASE_URL', databaseUrl)}: ${(error as Error).message}`);
  }

  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(vars.TRUST_PROXY ?? '');
  } catch (error) {
    problems.push(`TRUST_PROXY=${vars.TRUST_PROXY ?? ''}: ${(error as Error).message}`);
  }

  const rateLimits: RateLimits = { ...defaultRateLimits };
  for (const [name, key] of Object.entries(rateLimitVariables)) {
    const value = blankAsUnset[name];
    if (value === undefined) continue;
    const match = /^(\d+)\/(\d+)$/.exec(value.trim());
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      problems.push(`${name}=${value}: must be MAX/WINDOW_SECONDS, for example 10/60`);
      continue;
    }
    rateLimits[key] = { max: Number(match[1]), windowMs: Number(match[2]) * 1000 };
  }

  let signupAllowedDomains: readonly string[] | '*' = '*';
  try {
    if (vars.SIGNUP_ALLOWED_DOMAINS !== undefined) {
      signupAllowedDomains = parseSignupDomains(vars.SIGNUP_ALLOWED_DOMAINS);
    }
  } catch (error) {
    problems.push(
      `SIGNUP_ALLOWED_DOMAINS=${vars.SIGNUP_ALLOWED_DOMAINS}: ${(error as Error).message}`,
    );
  }

  const oidc = oidcFrom(vars, problems);
  if (vars.OIDC_ISSUER?.startsWith('http:') && vars.NODE_ENV === 'production') {
    problems.push(`OIDC_ISSUER=${vars.OIDC_ISSUER}: must start with https:// in production`);
  }

  let ssoRequiredDomains: readonly string[] = [];
  if (vars.SSO_REQUIRED_DOMAINS !== undefined) {
    try {
      ssoRequiredDomains = parseDomains(
        vars.SSO_REQUIRED_DOMAINS,
        'must be a comma list of e-mail domains',
      );
      if (!vars.GOOGLE_CLIENT_ID && !oidc) {
        problems.push(
          `SSO_REQUIRED_DOMAINS=${vars.SSO_REQUIRED_DOMAINS}: needs GOOGLE_CLIENT_ID or OIDC_ISSUER, the way those addresses sign in`,
        );
      }
    } catch (error) {
      problems.push(
        `SSO_REQUIRED_DOMAINS=${vars.SSO_REQUIRED_DOMAINS}: ${(error as Error).message}`,
      );
    }
  }

  if (problems.length > 0 || !database) throw new ConfigError(problems);

  const webDistDir = vars.WEB_DIST_DIR
    ? resolve(baseDir, vars.WEB_DIST_DIR)
    : options.defaultWebDistDir && existsSync(join(options.defaultWebDistDir, 'index.html'))
      ? options.defaultWebDistDir
      : null;

  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    database,
    redisUrl: vars.REDIS_URL ?? null,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    jwtSecret: vars.JWT_SECRET ?? developmentSecret(dataDir),
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    google: { clientId: vars.GOOGLE_CLIENT_ID ?? null, jwksUrl: vars.GOOGLE_JWKS_URL },
    signupAllowedDomains,
    trustProxy,
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir,
    rateLimits,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
    trashRetentionDays: vars.TRASH_RETENTION_DAYS,
    schoolName: vars.SCHOOL_NAME || null,
    oidc,
    ssoRequiredDomains,
    mfaEncryptionKey: vars.MFA_ENCRYPTION_KEY ?? null,
  };
}

/**
 * Outside production a signing key is generated once and kept, so sessions survive restarts.
 * It is readable by its owner only, also when an older version left it readable by others.
 */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    tightenPrivateFile(file);
    return readFileSync(file, 'utf8').trim();
  }
  createPrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return secret;
}
