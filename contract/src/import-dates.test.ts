import { describe, expect, it } from 'vitest';
import { readImportDate, standardNameKey, suggestDateFormat, tidyStandardName } from './index.js';

describe('dates of an import', () => {
  it('reads a date in the chosen format as YYYY-MM-DD, and refuses one not in it', () => {
    expect(readImportDate('26/01/2014', 'DD/MM/YYYY')).toBe('2014-01-26');
    expect(readImportDate('1.2.2014', 'DD/MM/YYYY')).toBe('2014-02-01');
    expect(readImportDate('01-26-2014', 'MM/DD/YYYY')).toBe('2014-01-26');
    expect(readImportDate('26/01/2014', 'MM/DD/YYYY')).toBeNull();
    expect(readImportDate('31/02/2014', 'DD/MM/YYYY')).toBeNull();
    expect(readImportDate('2014-01-26', 'DD/MM/YYYY')).toBeNull();
    expect(readImportDate(' ', 'DD/MM/YYYY')).toBe('');
    expect(readImportDate('2014-01-26', 'YYYY-MM-DD')).toBe('2014-01-26');
  });

  it('suggests a format only when the values leave one', () => {
    expect(suggestDateFormat(['26/01/2014', '03/02/2014', ''])).toBe('DD/MM/YYYY');
    expect(suggestDateFormat(['01/26/2014', '03/02/2014'])).toBe('MM/DD/YYYY');
    expect(suggestDateFormat(['2014-01-26', '2013-12-01'])).toBe('YYYY-MM-DD');
    expect(suggestDateFormat(['01/02/2014', '03/04/2014'])).toBeNull();
    expect(suggestDateFormat(['26/01/2014', '01/26/2014'])).toBeNull();
    expect(suggestDateFormat(['26/01/2014', '2014-01-26'])).toBeNull();
    expect(suggestDateFormat([])).toBeNull();
  });
});

describe('standard names', () => {
  it('are kept trimmed with inner spaces collapsed, and compared without case', () => {
    expect(tidyStandardName('  Grade 5   B ')).toBe('Grade 5 B');
    expect(standardNameKey(' grade  5\u00a0b')).toBe(standardNameKey('Grade 5 B'));
  });
});
