/**
 * Texts for the everyday help the spec does not word: a standard that cannot be deleted yet,
 * a form left with unsaved typing, a code sent again. Kept here so that the web app and its
 * tests read the same words.
 */
export const everydayTexts = {
  standardInUse: {
    title: (name: string) => `Standard ${name} is in use`,
    count: (students: number) =>
      `In use by ${students === 1 ? '1 student' : `${students} students`}`,
    help: 'Move its students to another standard or delete them first; then the standard can be deleted.',
    showStudents: 'Show its students',
  },
  unsaved: {
    title: 'Leave without saving?',
    message: 'What you typed in this form has not been saved and will be lost if you leave.',
    stay: 'Stay on this page',
    leave: 'Leave',
  },
  draftKept:
    'You were signed out while filling in this form. What you typed is back: save it, or cancel to discard it.',
  resend: {
    button: 'Resend code',
    wait: (seconds: number) => `Resend code in ${seconds} s`,
  },
  resetLinkAgain: 'Ask for a new reset link',
  wrongCurrentPassword: 'The current password is not correct.',
} as const;

/**
 * Why this tab is on the login page when another tab signed out. Its own constant, as the
 * login page's bundle counts every byte.
 */
export const signedOutElsewhereText = 'You were signed out in another tab.';
