/**
 * The password rules of spec 2 §5, shared by the activation and reset screens, the user form and
 * the server (which checks them again before storing a hash). Each rule is a key the UI translates
 * (`auth:password.rules.<key>`) and the server names in its 400.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** Letters, digits and - _ ! @ # $ % ^ & * ? ~ (ASCII letters: the rule's "letters"). */
const ALLOWED_CHARACTERS = /^[A-Za-z0-9\-_!@#$%^&*?~]*$/;

export const PASSWORD_RULES = ['minLength', 'digit', 'lowercase', 'uppercase', 'allowedCharacters'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const RULE_HOLDS: Record<PasswordRule, (password: string) => boolean> = {
  minLength: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  digit: (password) => /[0-9]/.test(password),
  lowercase: (password) => /[a-z]/.test(password),
  uppercase: (password) => /[A-Z]/.test(password),
  allowedCharacters: (password) => ALLOWED_CHARACTERS.test(password),
};

/** The rules the password breaks, in the order the screens list them; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !RULE_HOLDS[rule](password));
}

export function isAcceptablePassword(password: string): boolean {
  return brokenPasswordRules(password).length === 0;
}

/**
 * How often a password-reset mail may go to one account: the reset form is public, so without a
 * limit anyone could fill a stranger's mailbox. Requests beyond it are answered like any other
 * (the answer never tells whether the address exists) but send nothing.
 */
export const PASSWORD_RESET_MAIL_LIMIT = { mails: 3, windowMs: 60 * 60 * 1000 } as const;

/** Whether one more reset mail may go, given how many were issued for the account within the window. */
export function mayMailPasswordReset(issuedInWindow: number, limit = PASSWORD_RESET_MAIL_LIMIT): boolean {
  return issuedInWindow < limit.mails;
}
