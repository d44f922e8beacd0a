import { describe, expect, it } from 'vitest';
import { isMissingCode } from './missing-code.ts';

describe('isMissingCode', () => {
  it('recognises code that could not be downloaded, in each browser’s words', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/load-editor-x.js',
      'error loading dynamically imported module: http://localhost/assets/load-editor-x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for http://localhost/assets/DatePicker-x.css',
    ])
      expect(isMissingCode(new Error(message))).toBe(true);
  });

  it('leaves every other error to the general message', () => {
    expect(isMissingCode(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isMissingCode('Server error 500')).toBe(false);
  });
});
