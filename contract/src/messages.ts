/**
 * Every user-facing text that SPEC.md sections 5 and 8 fix, word for word.
 * The web app shows these, the server uses the validation ones, and tests assert on them,
 * so a wording change happens here and nowhere else.
 */
export const messages = {
  login: {
    failed: 'Login failed. Please check your credentials.',
  },
  google: {
    noCredential: 'No credential received from Google.',
    loginFailed: 'Google login failed. Please try again.',
    loginButtonError: 'Google login failed. Please try again or use email/password login.',
    registrationFailed: 'Google registration failed. Please try again.',
    registrationButtonError:
      'Google registration failed. Please try again or use email registration.',
  },
  register: {
    emailRequired: 'Please enter your email address',
    otpRequired: 'Please enter the OTP sent to your email',
    passwordsDoNotMatch: 'Passwords do not match',
    otpSendFailed: 'Failed to send OTP. Please try again.',
    otpSent: 'OTP sent to your email. Please check your inbox.',
    failed: 'Registration failed. Please try again.',
  },
  forgotPassword: {
    failed: 'Failed to send reset email. Please try again.',
    sent: 'If an account exists for this email, a password reset link has been sent.',
  },
  resetPassword: {
    passwordsDoNotMatch: 'Passwords do not match',
    failed: 'Failed to reset password. The link may be invalid or expired.',
    succeeded: 'Password has been reset. Redirecting to login...',
  },
  access: {
    pleaseLogIn: 'Please log in to access this page',
    authenticationRequired: 'Authentication required. Please log in.',
    notAuthenticated: 'Not authenticated',
  },
  students: {
    addFailed: 'Failed to add student. Please try again.',
    deleteFailed: 'Failed to delete student.',
    loadFailed: 'Failed to load students. Please try again.',
    standardsLoadFailed: 'Failed to load standards. Please refresh the page.',
    added: 'Student added successfully!',
    deleted: 'Student deleted successfully!',
    empty: 'No students found',
    confirmDelete: 'Are you sure you want to delete this student?',
  },
  standards: {
    nameRequired: 'Standard name is required.',
    gradeLevelRange: 'Grade level must be between 1 and 12.',
    addFailed: 'Failed to add standard. Please try again.',
    updateFailed: 'Failed to update standard. Please try again.',
    deleteFailed: 'Failed to delete standard. It might be in use by students.',
    loadFailed: 'Failed to load standards. Please try again.',
    added: 'Standard added successfully!',
    updated: 'Standard updated successfully!',
    deleted: 'Standard deleted successfully!',
    empty: 'No standards found. Click "Add Standard" to create your first standard.',
    confirmDelete: 'Are you sure you want to delete this standard? This action cannot be undone.',
  },
  inbox: {
    contentRequired: 'Message content is required.',
    sendFailed: 'Failed to send message. Please try again.',
    markReadFailed: 'Failed to mark message as read.',
    deleteFailed: 'Failed to delete message.',
    loadFailed: 'Failed to load messages. Please try again.',
    sent: 'Message sent successfully!',
    deleted: 'Message deleted successfully!',
    empty: 'No messages found. Click "New Message" to send your first message.',
    confirmDelete: 'Are you sure you want to delete this message?',
  },
  errorFallback: {
    title: 'Something went wrong',
    refresh: 'Refresh Page',
    home: 'Go to Dashboard',
  },
  shell: {
    title: 'User Management',
    badge: 'v2',
    toggleColorMode: 'Toggle color mode',
  },
} as const;

/**
 * Texts the spec leaves open (field rules it names without wording). They live beside the
 * spec's texts so that the browser and the server still say the same thing.
 */
export const fieldMessages = {
  emailInvalid: 'Enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  currentPasswordRequired: 'Current password is required.',
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  otpFormat: 'The code is the 6 digits from the email.',
  termsRequired: 'You must accept the terms and conditions.',
  tokenRequired: 'Token is required.',
  standardNameTooLong: 'Standard name must be at most 100 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  academicYearFormat: 'Academic year must be a 4-digit year.',
  studentNameRequired: 'Name is required.',
  studentEmailRequired: 'Email is required.',
  rollNumberRequired: 'Roll number is required.',
  rollNumberTooLong: 'Roll number must be at most 20 characters.',
  standardRequired: 'Please choose a standard.',
  phoneInvalid: 'Phone number may hold up to 20 digits, spaces and + - ( ).',
  addressTooLong: 'Address must be at most 500 characters.',
  messageTooLong: 'Message must be at most 5000 characters.',
  idInvalid: 'Id must be a positive integer.',
  idMismatch: 'The id in the body must match the id in the path.',
  nulCharacter: 'Text must not contain the NUL character.',
  loneSurrogate: 'Text must not contain half of a surrogate pair; paste it again.',
} as const;

/**
 * Texts for what the product does beyond the spec (editing a student), written in the spec's
 * voice and kept here so the web app and its tests read them from one place.
 */
export const appMessages = {
  students: {
    updated: 'Student updated successfully!',
    updateFailed: 'Failed to update student. Please try again.',
  },
} as const;
