/** The product's constants (docs/product.md, "What stays fixed") and the API's bounds. */

export const GRADE_LEVEL_MIN = 1;
export const GRADE_LEVEL_MAX = 12;
export const DEFAULT_GRADE_LEVEL = 1;
/** 0 means "no standard chosen yet" in the student form. */
export const DEFAULT_STUDENT_STANDARD = 0;

export const SESSION_STORAGE_DAYS = 7;
export const NOTICE_DISMISS_MS = 5_000;
/** At most one mail of each kind (a sign-up code, a reset link) per address per 60 s. */
export const MAIL_COOLDOWN_MS = 60_000;
/** The problem `type` of a sign-up code asked for again within MAIL_COOLDOWN_MS (docs/auth.md, 6). */
export const CODE_JUST_SENT_PROBLEM_TYPE = 'urn:problem-type:rate-limited/code-just-sent';
export const RESET_REDIRECT_MS = 1_500;
export const THEME_STORAGE_KEY = 'theme';
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export const MESSAGE_PREVIEW_LINES = 2;

export const ANIMATION = { floatMs: 6_000, fadeInUpMs: 600 } as const;
export const DURATION_MS = { fast: 150, normal: 250, slow: 400 } as const;
export const GLASS_BLUR_PX = 12;
export const PILL_RADIUS = '9999px';
export const COLORS = {
  light: { background: '#f8fafc', text: '#0f172a' },
  dark: { background: '#0b1020', text: '#e2e8f0' },
} as const;

/** Ids are 32-bit integer columns on PostgreSQL; a larger one could only fail in the database. */
export const ID_MAX = 2_147_483_647;

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export const LIMITS = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  personNameMax: 100,
  standardNameMax: 100,
  descriptionMax: 1000,
  studentNameMax: 100,
  rollNumberMax: 20,
  phoneMax: 20,
  addressMax: 500,
  admissionNumberMax: 32,
  guardiansMax: 4,
  guardianNameMax: 100,
  guardianRelationMax: 40,
  messageMax: 5000,
  searchMax: 100,
  /** A keyset cursor holds the last row's sort key: room for a 100-character non-ASCII name. */
  cursorMax: 1024,
  otpLength: 6,
} as const;

/** The academic year a new standard is sent with: the current calendar year as a string. */
export function currentAcademicYear(now: Date = new Date()): string {
  return String(now.getFullYear());
}
