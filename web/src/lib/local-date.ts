/**
 * Today in the browser's time zone: a school marks a leaver on its own calendar day, which in
 * the evening east of Greenwich (or the morning west of it) is not UTC's.
 */
export function localToday(now = new Date()): string {
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}
