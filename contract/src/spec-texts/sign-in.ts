/** The sign-in screens and access rules (docs/product.md). */

export const login = {
  failed: 'Login failed. Please check your credentials.',
} as const;

export const google = {
  noCredential: 'No credential received from Google.',
  loginFailed: 'Google login failed. Please try again.',
  loginButtonError: 'Google login failed. Please try again or use email/password login.',
  registrationFailed: 'Google registration failed. Please try again.',
  registrationButtonError:
    'Google registration failed. Please try again or use email registration.',
} as const;

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

export const access = {
  pleaseLogIn: 'Please log in to access this page',
  authenticationRequired: 'Authentication required. Please log in.',
  notAuthenticated: 'Not authenticated',
} as const;
