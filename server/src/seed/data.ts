/**
 * Word lists for demo data. Names are ASCII so that generated e-mail addresses stay valid,
 * and drawn from several languages because a school's roll is.
 */
const words = (text: string) => text.trim().split(/\s+/);

export const firstNames = words(`
  Aarav Aisha Alejandro Amara Amelia Ananya Arjun Beatriz Benjamin Chen Chloe Daniel Divya
  Elena Emeka Emma Fatima Felix Grace Hana Hiroshi Ibrahim Ines Isaac Ishaan Jamal Jia Jonas
  Kavya Kenji Kofi Lara Leila Liam Lucas Maya Mateo Mei Mohammed Nadia Noah Nora Olivia Omar
  Priya Rahul Rania Ravi Rosa Sakura Samuel Sara Sofia Tariq Thandiwe Tomas Vikram Wei Yara
  Yusuf Zainab Zoe
`);

export const lastNames = words(`
  Adeyemi Ahmed Alvarez Banerjee Bauer Chatterjee Chen Costa Dubois Fernandes Fischer Garcia
  Gupta Haddad Hansen Hughes Ito Iyer Jensen Johnson Kapoor Kim Kowalski Kumar Li Lopez Mensah
  Mehta Moreau Mukherjee Nakamura Nair Nguyen Novak Okafor Olsen Park Patel Pereira Rao Reddy
  Rossi Sato Schmidt Shah Sharma Silva Singh Suzuki Tanaka Thomas Wang Williams Yamamoto Zhang
`);

export const streets = words(`
  Maple Oak Cedar Lakeview Hillside Station Church Park Mill Riverside Orchard Meadow Victoria
  Garden Temple Market
`);

export const streetKinds = words('Road Street Avenue Lane Close Crescent');
export const towns = words('Northfield Eastbrook Westmoor Southgate Kingsbridge');
export const weekdays = words('Monday Tuesday Wednesday Thursday Friday');
export const times = words('8:30 10:15 12:00 13:45 15:30');

export const sectionDescriptions = [
  'Morning shift',
  'Afternoon shift',
  'Science stream',
  'Commerce stream',
  'Humanities stream',
  'Bilingual section',
  '',
];

/** Staff notices with blanks for a grade, a weekday and a time. */
export const messageTemplates = [
  'Reminder: parent-teacher meetings for Grade {grade} are on {day} at {time}.',
  'The Grade {grade} field trip permission slips are due back by {day}.',
  'Staff meeting moved to {day} at {time} in the library.',
  'Please submit Grade {grade} term marks before {day}.',
  'Fire drill on {day} at {time}. Please brief your classes beforehand.',
  'The science lab is booked for Grade {grade} on {day} afternoon.',
  'Can someone cover Grade {grade} assembly duty on {day}?',
  'Sports day practice for Grade {grade} starts {day} at {time} on the main field.',
  'New library books for Grade {grade} have arrived; collect them on {day}.',
  'Reminder: report cards go home with Grade {grade} on {day}.',
  'The photocopier on the first floor is fixed. Thanks for your patience!',
  'Lost property will be donated on {day}; please remind your classes.',
];
