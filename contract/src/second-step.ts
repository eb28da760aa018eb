import { z } from 'zod';
import { dataResponseSchema, idSchema, isoDateTimeSchema } from './common.js';
import { tokenResponseSchema } from './auth.js';
import { appRoutes } from './paths.js';
import { secondStepTexts } from './second-step-texts.js';
import { roleSchema } from './staff.js';

/**
 * A second step at sign-in (docs/auth.md, "Second step"): codes from an authenticator app
 * (TOTP), recovery codes, passkeys, the roles that must have one, and sign-in through the
 * school's OpenID Connect provider. A module of its own: the login page's first load carries
 * none of it.
 */

export const secondStepPaths = {
  /** The second step of a password sign-in: a code or a recovery code for the `mfa_token`. */
  loginMfa: '/api/user/login/mfa/',
  /** A sign-in whose role needs a second step it has not set up: start the app's set-up. */
  loginTotpSetup: '/api/user/login/mfa/totp/',
  /** … and finish it with the app's first code: the session starts then. */
  loginTotpConfirm: '/api/user/login/mfa/totp/confirm/',
  passkeySignInOptions: '/api/user/passkey/options/',
  passkeySignIn: '/api/user/passkey/',
  mfa: '/api/user/mfa/',
  totpSetup: '/api/user/mfa/totp/',
  totpConfirm: '/api/user/mfa/totp/confirm/',
  totpDisable: '/api/user/mfa/totp/disable/',
  recoveryCodes: '/api/user/mfa/recovery-codes/',
  passkeys: '/api/user/passkeys/',
  passkeyOptions: '/api/user/passkeys/options/',
  passkey: '/api/user/passkeys/:id/',
  securitySettings: '/api/staff/security/',
  staffSecondStep: '/api/staff/:id/mfa/',
  oidcStart: '/api/user/oidc/start/',
  oidcCallback: '/api/user/oidc/callback/',
} as const;

/** Where the OpenID provider sends the browser back, as `redirect_uri` names it. */
export const OIDC_CALLBACK_ROUTE = appRoutes.oidcCallback;

/** TOTP as RFC 6238 and every authenticator app take it by default. */
export const TOTP = { digits: 6, periodSeconds: 30 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** How long the `mfa_token` of a sign-in waits for its second step, and how many wrong tries. */
export const MFA_TOKEN = { minutes: 5, enrolmentMinutes: 15, tries: 5 } as const;

const totpCodeSchema = z
  .string({ error: secondStepTexts.codeRequired })
  .trim()
  .min(1, { error: secondStepTexts.codeRequired })
  .regex(/^\d{6}$/, { error: secondStepTexts.codeFormat });

/** A recovery code as written down: any case, with or without its dashes and spaces. */
const recoveryCodeSchema = z
  .string({ error: secondStepTexts.recoveryCodeRequired })
  .trim()
  .min(1, { error: secondStepTexts.recoveryCodeRequired })
  .max(40, { error: secondStepTexts.recoveryCodeFormat })
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-9]{16}$/, { error: secondStepTexts.recoveryCodeFormat }));

const opaqueTokenSchema = z
  .string({ error: secondStepTexts.mfaTokenRejected })
  .min(1, { error: secondStepTexts.mfaTokenRejected })
  .max(256, { error: secondStepTexts.mfaTokenRejected });

const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, { error: 'Password is required.' })
  .max(1024, { error: 'Password must be at most 128 characters.' });

export const mfaLoginRequestSchema = z
  .strictObject({
    mfa_token: opaqueTokenSchema,
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.recovery_code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: secondStepTexts.codeRequired });
    }
    if (value.code !== undefined && value.recovery_code !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['recovery_code'], message: secondStepTexts.oneOf });
    }
  });

export const mfaTokenRequestSchema = z.strictObject({ mfa_token: opaqueTokenSchema });

export const totpSetupResponseSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://` address the QR code holds. */
  otpauth_url: z.string(),
});

export const totpConfirmRequestSchema = z.strictObject({ code: totpCodeSchema });
export const loginTotpConfirmRequestSchema = z.strictObject({
  mfa_token: opaqueTokenSchema,
  code: totpCodeSchema,
});

/** Shown once: only their hashes are kept. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export const loginTotpConfirmResponseSchema = tokenResponseSchema.extend({
  recovery_codes: z.array(z.string()),
});

export const passwordConfirmationSchema = z.strictObject({ password: passwordSchema });

export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  totp_enabled_at: isoDateTimeSchema.nullable(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
  /** The account's role must use a second step (docs/auth.md, "Required by role"). */
  required: z.boolean(),
  /** Whether the account has a password: a second step guards only password sign-ins. */
  has_password: z.boolean(),
});
export const mfaStatusResponseSchema = dataResponseSchema(mfaStatusSchema);

const base64UrlSchema = z
  .string({ error: secondStepTexts.passkeyRejected })
  .max(16_384, { error: secondStepTexts.passkeyRejected })
  .regex(/^[A-Za-z0-9_-]*$/, { error: secondStepTexts.passkeyRejected });

/** What `@simplewebauthn/browser` sends of a new passkey (RegistrationResponseJSON). */
export const passkeyRegistrationCredentialSchema = z.object({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    attestationObject: base64UrlSchema,
    authenticatorData: base64UrlSchema.optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(10)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What `@simplewebauthn/browser` sends of a passkey's answer (AuthenticationResponseJSON). */
export const passkeyAuthenticationCredentialSchema = z.object({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    authenticatorData: base64UrlSchema,
    signature: base64UrlSchema,
    userHandle: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** The options for `navigator.credentials` as `@simplewebauthn/browser` takes them. */
export const passkeyOptionsResponseSchema = z.object({
  options: z.record(z.string(), z.unknown()),
});

export const passkeyNameSchema = z
  .string({ error: secondStepTexts.passkeyNameRequired })
  .trim()
  .min(1, { error: secondStepTexts.passkeyNameRequired })
  .max(60, { error: secondStepTexts.passkeyNameTooLong })
  .regex(/^[^\p{Cc}]*$/u, { error: secondStepTexts.passkeyNameRequired });

export const passkeyCreateRequestSchema = z.strictObject({
  name: passkeyNameSchema,
  credential: passkeyRegistrationCredentialSchema,
});

export const passkeySignInRequestSchema = z.strictObject({
  credential: passkeyAuthenticationCredentialSchema,
});

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: isoDateTimeSchema,
  last_used_at: isoDateTimeSchema.nullable(),
});
export const passkeyResponseSchema = dataResponseSchema(passkeySchema);
export const passkeyListResponseSchema = z.object({ data: z.array(passkeySchema) });
export const passkeyParamsSchema = z.strictObject({ id: idSchema });

export const securitySettingsSchema = z.object({
  /** The roles whose password sign-ins must be followed by a second step. */
  mfa_required_roles: z.array(roleSchema),
  /** False until an admin saves a choice: then `admin` is required once an admin has one. */
  chosen: z.boolean(),
  updated_at: isoDateTimeSchema.nullable(),
  updated_by: z.string().nullable(),
});
export const securitySettingsResponseSchema = dataResponseSchema(securitySettingsSchema);
export const securitySettingsUpdateSchema = z.strictObject({
  mfa_required_roles: z
    .array(roleSchema)
    .max(3)
    .refine((roles) => new Set(roles).size === roles.length, {
      error: 'Name each role once.',
    }),
});

export const oidcStartRequestSchema = z.strictObject({
  /** `login` never creates an account; `register` does, or signs in when it exists. */
  intent: z.enum(['login', 'register']),
});
export const oidcStartResponseSchema = z.object({
  /** Where to send the browser: the provider's authorization endpoint. */
  url: z.string(),
  /** The `state` the provider will send back; the browser keeps it to check the return. */
  state: z.string(),
});

const callbackParam = z
  .string({ error: secondStepTexts.oidcStateRejected })
  .min(1, { error: secondStepTexts.oidcStateRejected })
  .max(4096, { error: secondStepTexts.oidcStateRejected });

/** The query the provider sent the browser back with, passed on as it came. */
export const oidcCallbackRequestSchema = z.strictObject({
  code: callbackParam,
  state: callbackParam,
  iss: callbackParam.optional(),
});

export const staffSecondStepParamsSchema = z.strictObject({ id: idSchema });

export type MfaLoginRequest = z.input<typeof mfaLoginRequestSchema>;
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export type Passkey = z.infer<typeof passkeySchema>;
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type PasskeyRegistrationCredential = z.infer<typeof passkeyRegistrationCredentialSchema>;
export type PasskeyAuthenticationCredential = z.infer<typeof passkeyAuthenticationCredentialSchema>;
export type OidcCallbackRequest = z.infer<typeof oidcCallbackRequestSchema>;
