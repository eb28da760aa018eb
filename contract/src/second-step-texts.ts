/**
 * What the second step, passkeys and the school's provider say (docs/auth.md, "Second step").
 * A module without zod: the login page's other ways in (a passkey, the provider's button) show
 * these texts and load nothing else of the contract.
 */
export const secondStepTexts = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeFormat: 'A recovery code is 16 letters and digits, such as abcd-efgh-jkmn-pqrs.',
  oneOf: 'Send a code or a recovery code, not both.',
  codeRejected:
    'That code is not right, or it was used already. Wait for the next one and try again.',
  mfaTokenRejected:
    'This sign-in has expired or had too many wrong codes. Log in again with your password.',
  passwordWrong: 'The password is not correct.',
  alreadyEnabled: 'Two-step sign-in with an authenticator app is already on. Turn it off first.',
  notSetUp: 'Start the set-up again: scan the QR code, then enter the code it shows.',
  notEnabled: 'Two-step sign-in with an authenticator app is not on.',
  stillRequired:
    'Your role must use a second step. Add a passkey or keep the authenticator app before removing this one.',
  noPassword:
    'This account signs in with Google or your school’s provider, which checks the second step itself.',
  passkeyNameRequired: 'Give the passkey a name, such as “Office laptop”.',
  passkeyNameTooLong: 'A passkey’s name is at most 60 characters.',
  passkeyNotFound: 'Passkey not found.',
  passkeyRejected: 'The passkey could not be checked. Try again, or sign in with your password.',
  passkeyRegistrationFailed: 'The passkey could not be added. Please try again.',
  passkeyLimit: 'An account has at most 20 passkeys. Remove one first.',
  oidcNotConfigured: 'Sign-in with the school’s provider is not configured on this server.',
  oidcUnavailable: 'The school’s sign-in provider cannot be reached right now. Please try again.',
  oidcFailed: (name: string) => `Sign-in with ${name} failed. Please try again.`,
  oidcStateRejected: 'This sign-in link has expired or was already used. Start again.',
  oidcUnverifiedEmail: (name: string) =>
    `Your ${name} account’s email address is not verified, so it cannot be matched to an account.`,
  oidcNoAccount: (name: string) =>
    `No account uses this ${name} account yet. Sign up with ${name} first.`,
  oidcLinkedElsewhere: (name: string) =>
    `This email address is linked to a different ${name} account. Log in with that one or with your password.`,
  signInWith: (name: string) => `Sign in with ${name}`,
  signUpWith: (name: string) => `Sign up with ${name}`,
  ssoRequired: (domain: string, ways: string) => `Addresses at ${domain} sign in with ${ways}.`,
  staffNoSecondStep: 'This account has no second step to reset.',
  screen: {
    title: 'Two-step sign-in',
    codeIntro: 'Enter the 6-digit code your authenticator app shows for User Management.',
    recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-step sign-in.',
    passkeyOnlyIntro: 'Your account uses a passkey as its second step.',
    code: 'Code',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    useRecoveryCode: 'Use a recovery code instead',
    useCode: 'Use a code from the app instead',
    usePasskey: 'Use a passkey',
    backToLogin: 'Back to login',
    failed: 'Two-step sign-in failed. Please try again.',
    setupTitle: 'Set up two-step sign-in',
    setupRequired:
      'Your school requires a second step for your role. Set it up now to finish signing in.',
    scan: 'Scan this QR code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…), then enter the code it shows.',
    manualKey: 'Can’t scan? Enter this key in the app:',
    qrLabel: 'QR code for your authenticator app',
    setupFailed: 'Failed to set up two-step sign-in. Please try again.',
    confirm: 'Turn on',
    recoveryTitle: 'Save your recovery codes',
    recoveryHelp:
      'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    copyCodes: 'Copy codes',
    copied: 'Copied.',
    downloadCodes: 'Download codes',
    savedContinue: 'I have saved them — continue',
    passkeyButton: 'Sign in with a passkey',
    passkeyFailed: 'Passkey sign-in failed. Please try again or use your password.',
    passkeyCancelled: 'The passkey was not used. Try again, or sign in with your password.',
    oidcRedirecting: 'Taking you to your school’s sign-in…',
    oidcSigningIn: 'Signing you in…',
    oidcMismatch:
      'This sign-in was not started in this browser tab, so it was stopped. Start again from the login page.',
    oidcProviderError:
      'Your school’s provider did not sign you in. Start again from the login page.',
    oidcCallbackFailed: 'Sign-in with your school’s provider failed. Please try again.',
  },
  profile: {
    title: 'Two-step sign-in',
    description:
      'After your password, ask for a code from an authenticator app on your phone, so a stolen password is not enough.',
    on: (date: string) => `On since ${date}.`,
    off: 'Off.',
    required: 'Your school requires a second step for your role.',
    setUp: 'Set up an authenticator app',
    cancel: 'Cancel',
    turnOff: 'Turn off',
    turnOffTitle: 'Turn off two-step sign-in?',
    turnOffHelp: 'Enter your password to turn off codes from the authenticator app.',
    turnedOn: 'Two-step sign-in is on.',
    turnedOff: 'Two-step sign-in is off.',
    recoveryLeft: (count: number) =>
      count === 1 ? '1 recovery code left.' : `${count} recovery codes left.`,
    newCodes: 'New recovery codes',
    newCodesHelp: 'Enter your password to get 10 new recovery codes. The old ones stop working.',
    password: 'Password',
    failed: 'Failed to change two-step sign-in. Please try again.',
    loadFailed: 'Failed to load your two-step sign-in. Please try again.',
    ssoOnly:
      'You sign in with Google or your school’s provider, which checks the second step itself.',
  },
  passkeys: {
    title: 'Passkeys',
    description:
      'Sign in with your fingerprint, face or device PIN instead of a password and code.',
    empty: 'No passkeys yet.',
    name: 'Passkey name',
    nameHint: 'Such as “Office laptop” or “Phone”.',
    add: 'Add a passkey',
    added: (name: string) => `Passkey “${name}” added.`,
    remove: (name: string) => `Remove passkey ${name}`,
    removeTitle: (name: string) => `Remove the passkey “${name}”?`,
    removeBody: 'It will no longer sign you in.',
    removed: 'Passkey removed.',
    created: 'Added',
    lastUsed: 'Last used',
    never: 'Never used',
    failed: 'Failed to change your passkeys. Please try again.',
    loadFailed: 'Failed to load your passkeys. Please try again.',
    unsupported: 'This browser cannot use passkeys.',
  },
  staff: {
    settingsTitle: 'Two-step sign-in',
    settingsHelp:
      'People of the roles you tick must use a second step (an authenticator app or a passkey) after their password. Anyone without one sets it up at their next sign-in.',
    defaultNote:
      'Not chosen yet: administrators must use a second step as soon as one administrator has one.',
    lastChanged: (name: string, date: string) => `Last changed by ${name} on ${date}.`,
    requireFor: (role: string) => `Require for ${role}`,
    save: 'Save',
    saved: 'Saved. The roles you ticked must use a second step from their next sign-in.',
    saveFailed: 'Failed to save. Please try again.',
    loadFailed: 'Failed to load the sign-in settings. Please try again.',
    reset: 'Reset second step',
    // Starts with the visible "Reset second step", so a person who says what they see reaches it.
    resetLabel: (name: string) => `Reset second step of ${name}`,
    resetTitle: (name: string) => `Reset ${name}’s second step?`,
    resetBody: (name: string, email: string) =>
      `${name} (${email}) loses their authenticator app, recovery codes and passkeys, is signed out everywhere and gets an e-mail. They set a second step up again at their next sign-in if their role requires one.`,
    resetDone: (name: string) => `${name}’s second step was reset.`,
    resetFailed: 'Failed to reset the second step. Please try again.',
    hasSecondStep: 'Second step on',
  },
} as const;
