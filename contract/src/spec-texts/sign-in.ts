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

export const access = {
  pleaseLogIn: 'Please log in to access this page',
  authenticationRequired: 'Authentication required. Please log in.',
  notAuthenticated: 'Not authenticated',
} as const;
