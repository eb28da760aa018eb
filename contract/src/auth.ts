import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  emailSchema,
  noFormatCharacters,
  singleLine,
  somethingVisible,
  wellFormedText,
} from './common.js';
import { fieldTexts, texts } from './texts.js';
import { inviteTokenSchema, roleSchema, statusSchema } from './staff.js';

/** A new password: 8 to 128 characters, no composition rules (docs/auth.md, 10). */
export const newPasswordSchema = z
  .string({ error: fieldTexts.passwordRequired })
  .min(LIMITS.passwordMin, { error: fieldTexts.passwordTooShort })
  .max(LIMITS.passwordMax, { error: fieldTexts.passwordTooLong });

/** A password being checked rather than set: any non-empty string within a sane bound. */
const presentedPasswordSchema = z
  .string({ error: fieldTexts.passwordRequired })
  .min(1, { error: fieldTexts.passwordRequired })
  .max(1024, { error: fieldTexts.passwordTooLong });

/** The address the sign-up and reset forms ask for; an empty one gets the screen's message. */
const requestedEmailSchema = z
  .string({ error: texts.register.emailRequired })
  .trim()
  .min(1, { error: texts.register.emailRequired })
  .pipe(emailSchema);

const personNameSchema = z
  .string({ error: fieldTexts.nameRequired })
  .trim()
  .min(1, { error: fieldTexts.nameRequired })
  .max(LIMITS.personNameMax, { error: fieldTexts.nameTooLong })
  .refine(...singleLine(fieldTexts.nameSingleLine))
  // Staff names stand beside every change in the history and every message: read as a
  // student's name is.
  .refine(...noFormatCharacters(fieldTexts.nameFormatCharacter))
  .refine(...somethingVisible(fieldTexts.nameNothingVisible))
  .refine(...wellFormedText);

const otpSchema = z
  .string({ error: texts.register.otpRequired })
  .trim()
  .min(1, { error: texts.register.otpRequired })
  .regex(/^\d{6}$/, { error: fieldTexts.otpFormat });

function passwordsMatch(message: string) {
  return (value: { password: string; password2: string }, ctx: z.RefinementCtx) => {
    if (value.password !== value.password2) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message });
    }
  };
}

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: presentedPasswordSchema,
});

export const sendOtpRequestSchema = z.strictObject({ email: requestedEmailSchema });

export const registerRequestSchema = z
  .strictObject({
    name: personNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    password2: z.string({ error: fieldTexts.passwordRequired }),
    tc: z.literal(true, { error: fieldTexts.termsRequired }),
    /** The mailed code; not asked of someone who signs up with an invitation. */
    otp: otpSchema.optional(),
    /** The token of an invitation link (`/register?invite=TOKEN`), in place of the code. */
    invite: inviteTokenSchema.optional(),
  })
  .superRefine(passwordsMatch(texts.register.passwordsDoNotMatch))
  .superRefine((value, ctx) => {
    if (value.otp === undefined && value.invite === undefined) {
      ctx.addIssue({ code: 'custom', path: ['otp'], message: texts.register.otpRequired });
    }
  });

export const changePasswordRequestSchema = z
  .strictObject({
    current_password: z
      .string({ error: fieldTexts.currentPasswordRequired })
      .min(1, { error: fieldTexts.currentPasswordRequired })
      .max(1024, { error: fieldTexts.passwordTooLong }),
    password: newPasswordSchema,
    password2: z.string({ error: fieldTexts.passwordRequired }),
  })
  .superRefine(passwordsMatch(texts.register.passwordsDoNotMatch));

export const forgotPasswordRequestSchema = z.strictObject({ email: requestedEmailSchema });

export const resetPasswordRequestSchema = z
  .strictObject({
    password: newPasswordSchema,
    password2: z.string({ error: fieldTexts.passwordRequired }),
  })
  .superRefine(passwordsMatch(texts.resetPassword.passwordsDoNotMatch));

const badResetLink = { error: texts.resetPassword.failed };

/** Every way a reset link's path can be malformed gets the one answer every bad link gets. */
export const resetPasswordParamsSchema = z.strictObject(
  {
    id: z.string(badResetLink).min(1, badResetLink).max(64, badResetLink),
    token: z.string(badResetLink).min(1, badResetLink).max(256, badResetLink),
  },
  badResetLink,
);

export const googleRequestSchema = z.strictObject({
  token: z
    .string({ error: fieldTexts.tokenRequired })
    .min(1, { error: fieldTexts.tokenRequired })
    .max(8192, { error: fieldTexts.tokenInvalid }),
});

export const refreshRequestSchema = z.strictObject({
  refresh: z
    .string({ error: fieldTexts.tokenRequired })
    .min(1, { error: fieldTexts.tokenRequired })
    .max(512, { error: fieldTexts.tokenInvalid }),
});

export const logoutRequestSchema = refreshRequestSchema;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const tokenResponseSchema = z.object({ token: tokenPairSchema });
export const refreshResponseSchema = tokenPairSchema;

// The login's answer when a second step is to follow (docs/auth.md, "Second step"): here rather
// than in second-step.ts, so the login form's code does not load the rest of the second step.
export const SECOND_STEP_METHODS = ['totp', 'recovery_code', 'passkey'] as const;

/** The answer to a right password when a second step is to follow. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  /** What the account can answer with: `totp` (and `recovery_code`), `passkey`. */
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
  /** The account's role must use a second step and it has none: it is set up now. */
  enrolment_required: z.boolean(),
});

export const loginResponseSchema = z.union([tokenResponseSchema, mfaChallengeSchema]);

/** The profile's id is a string, as the web app has always read it (docs/api.md). */
export const profileResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: statusSchema,
});

/** The school's name as an operator sets it (`SCHOOL_NAME`): one line of ordinary text. */
export const schoolNameSchema = z
  .string()
  .trim()
  .max(120, { error: 'must be at most 120 characters' })
  .regex(/^[^\p{Cc}]*$/u, { error: 'must be one line of text, without control characters' });

export const clientConfigResponseSchema = z.object({
  google_client_id: z.string().nullable(),
  /** Shown on printed lists and after the product's name in the page title; null when unset. */
  school_name: z.string().nullable(),
  /** The OpenID provider's name for its button (`OIDC_NAME`); null when none is configured. */
  oidc_name: z.string().nullable(),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterRequestInput = z.input<typeof registerRequestSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type GoogleRequest = z.infer<typeof googleRequestSchema>;
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type Profile = z.infer<typeof profileResponseSchema>;
export type ClientConfig = z.infer<typeof clientConfigResponseSchema>;

/** An invitation link's token, to read the address it was sent to. */
export const invitationEmailRequestSchema = z.strictObject({ invite: inviteTokenSchema });

/** The address a usable invitation was sent to, which sign-up fills in. */
export const invitationEmailResponseSchema = z.object({
  data: z.object({ email: z.string() }),
});
