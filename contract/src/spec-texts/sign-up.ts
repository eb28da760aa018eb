/**
 * The sign-up, forgotten-password and reset screens (docs/product.md). A module apart from
 * sign-in.ts: the login page, which has a size budget, loads its own texts and not these.
 */

export const register = {
  emailRequired: 'Please enter your email address',
  otpRequired: 'Please enter the OTP sent to your email',
  passwordsDoNotMatch: 'Passwords do not match',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpSent: 'OTP sent to your email. Please check your inbox.',
  failed: 'Registration failed. Please try again.',
} as const;

export const forgotPassword = {
  failed: 'Failed to send reset email. Please try again.',
  sent: 'If an account exists for this email, a password reset link has been sent.',
} as const;

export const resetPassword = {
  passwordsDoNotMatch: 'Passwords do not match',
  failed: 'Failed to reset password. The link may be invalid or expired.',
  succeeded: 'Password has been reset. Redirecting to login...',
} as const;
