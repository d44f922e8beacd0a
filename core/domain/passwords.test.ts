import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, isAcceptablePassword, mayMailPasswordReset, PASSWORD_RESET_MAIL_LIMIT } from './passwords.ts';

describe('password rules (spec 2 §5)', () => {
  it('accepts 8 characters with a digit, a lowercase and an uppercase letter', () => {
    expect(brokenPasswordRules('Abcdefg1')).toEqual([]);
    expect(isAcceptablePassword('Demo-pass1')).toBe(true);
  });

  it('refuses 7 characters and accepts exactly 8', () => {
    expect(brokenPasswordRules('Abcdef1')).toEqual(['minLength']);
    expect(isAcceptablePassword('Abcdefg1')).toBe(true);
  });

  it('names each missing kind of character', () => {
    expect(brokenPasswordRules('Abcdefgh')).toEqual(['digit']);
    expect(brokenPasswordRules('ABCDEFG1')).toEqual(['lowercase']);
    expect(brokenPasswordRules('abcdefg1')).toEqual(['uppercase']);
    expect(brokenPasswordRules('')).toEqual(['minLength', 'digit', 'lowercase', 'uppercase']);
  });

  it('allows each listed symbol and nothing else', () => {
    for (const symbol of '-_!@#$%^&*?~') expect(brokenPasswordRules(`Abcdefg1${symbol}`)).toEqual([]);
    for (const other of [' ', '.', '+', '=', '/', '"', 'é', 'ß', '😀']) {
      expect(brokenPasswordRules(`Abcdefg1${other}`)).toEqual(['allowedCharacters']);
    }
  });
});

describe('password reset mail limit', () => {
  it(`sends ${PASSWORD_RESET_MAIL_LIMIT.mails} mails per account in the window and no more`, () => {
    expect(mayMailPasswordReset(0)).toBe(true);
    expect(mayMailPasswordReset(PASSWORD_RESET_MAIL_LIMIT.mails - 1)).toBe(true);
    expect(mayMailPasswordReset(PASSWORD_RESET_MAIL_LIMIT.mails)).toBe(false);
  });
});
