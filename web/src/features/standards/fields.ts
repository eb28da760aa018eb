/** What a person calls each field of a standard, in the form's conflict view and in its history. */
export const standardFieldLabels = {
  name: 'Name',
  grade_level: 'Grade level',
  description: 'Description',
  academic_year: 'Academic year',
  teachers: 'Teachers',
} as const;
