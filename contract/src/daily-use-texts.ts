/**
 * Texts of the web app's daily-use help the spec does not word: the edit-conflict choices, the inbox's delete note and the import file
 * picker. Kept in the contract so the app and its tests read the same words.
 */
export const dailyUseTexts = {
  conflict: {
    by: (name: string) => `${name} changed this record while you were editing it`,
    byYou: 'You saved this record in another tab or window while editing it here',
    help: 'Below is what they changed. For each field, keep their version or yours; everything else you typed is saved as it is.',
    nothingToChoose: 'None of their changes differ from what you typed: save to keep both.',
    save: 'Save with these choices',
  },
  inbox: {
    deleteOwnOnly: 'This removes it from your inbox only; other staff keep their copy.',
    restored: 'Message restored to your inbox.',
    search: 'Search messages',
    searchHint: 'Words in a message or its sender',
    noMatch: 'No messages match your search.',
  },
  bin: {
    search: 'Search recently deleted',
    searchHint: 'Name, roll number or standard',
    noMatch: 'Nothing recently deleted matches your search.',
    /** A student's place, on its row: "Roll 12 · Grade 5 Roses". */
    place: (rollNumber: string, standard: string | null) =>
      standard === null ? `Roll ${rollNumber}` : `Roll ${rollNumber} · ${standard}`,
    rollTakenTitle: (name: string) => `Restore ${name} with another roll number`,
    rollTakenHelp: (rollNumber: string) =>
      `Roll number ${rollNumber} was given to another student while this one was deleted. Choose another to restore it with.`,
    restoreWith: 'Restore',
  },
  standards: {
    /** The rest of a standard's student-count link, after the count: "12 students in 7 A". */
    ofStandard: (name: string) => `in ${name}`,
    /**
     * The way to the year end and its title. Kept here, with the standards screen's other words,
     * so that screen does not load the year end's texts (docs/web.md, "Year end").
     */
    yearEnd: 'Year end',
  },
  importFile: {
    choose: 'Choose a CSV file',
  },
} as const;

/**
 * The dashboard's texts: the school's figures, the first steps and the sample cards' heading.
 * An object of their own, apart from `dailyUseTexts`: the sign-in pages read that one, and
 * their bundle has a budget (decision 0010).
 */
export const dashboardTexts = {
  figuresHeading: 'Your school today',
  students: 'Active students',
  yearFilter: 'Academic year',
  standards: (year: string) => `Standards of ${year}`,
  byStandard: (year: string) => `Students by standard, ${year}`,
  byStandardTotal: (count: number) =>
    `${count} active ${count === 1 ? 'student' : 'students'} in this year’s standards`,
  /** Said after a standard's count of students, for screen readers: "28 students". */
  studentsWord: (count: number) => (count === 1 ? 'student' : 'students'),
  noStandards: (year: string) => `No standards for ${year} yet.`,
  samplesHeading: 'Sample figures',
  samplesNote: 'Fixed sample content, the same for every school: not your school’s figures.',
  sample: 'Sample',
  unread: 'Unread messages',
  lastImport: 'Last import',
  noImport: 'None yet',
  importedStudents: (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`,
  importedBy: (name: string, when: string) => `by ${name}, ${when}`,
  importUndone: 'since undone',
  loading: 'Loading your school’s figures…',
  figuresFailed: 'Failed to load your school’s figures. Please try again.',
  checklistHeading: 'Getting started',
  checklistIntro: 'Three steps set the app up for your school. Each one ticks itself off.',
  done: 'done',
  toDo: 'to do',
  steps: {
    standards: 'Create your standards',
    standardsLink: 'Add standards',
    students: 'Import your students',
    studentsLink: 'Import a spreadsheet',
    colleagues: 'Invite your colleagues',
    colleaguesHint:
      'Ask them to sign up on this site with their school e-mail address: they see the same students, standards and inbox.',
  },
} as const;
