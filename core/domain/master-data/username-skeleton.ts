/**
 * Look-alike usernames (Unicode TR39 §4 "skeleton", reduced): `dispаtcher` with a Cyrillic а must
 * not stand beside `dispatcher`. No maintained confusables package is installed, so this is NFKC
 * (fullwidth `ｄｉｓｐａｔｃｈｅｒ`, mathematical `𝐝𝐢𝐬𝐩𝐚𝐭𝐜𝐡𝐞𝐫`, ligatures and superscripts become plain
 * letters), then the Cyrillic and Greek letters TR39's confusables.txt maps to a single Latin letter,
 * then lower case (names are unique ignoring case). Left out: look-alikes within Latin (`l`/`I`/`1`,
 * `O`/`0`, `rn`/`m`), which would refuse ordinary names such as `driver1` beside `driverl`.
 */

/**
 * The Cyrillic and Greek letters drawn like a Latin one (`from`), and that letter at the same place
 * (`to`): one character each, the arguments of SQL `translate`.
 */
export const CONFUSABLE_LETTERS = {
  from: [
    'АВЕКМНОРСТХУҮЅІЈԚԜӀ', // Cyrillic capitals
    'аеорсуүхѕіјһԁԛԝӏ', // Cyrillic small letters
    'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', // Greek capitals
    'αικνορυγχ', // Greek small letters
    'ıȷɡ', // Latin letters without their dot, script g
  ].join(''),
  to: ['ABEKMHOPCTXYYSIJQWl', 'aeopcyyxsijhdqwl', 'ABEZHIKMNOPTYX', 'aiknopuyx', 'ijg'].join(''),
} as const;

const LATIN_OF = new Map([...CONFUSABLE_LETTERS.from].map((letter, index) => [letter, [...CONFUSABLE_LETTERS.to][index]]));
const LOOK_ALIKE = new RegExp(`[${CONFUSABLE_LETTERS.from}]`, 'gu');

/**
 * The form two usernames share when they look alike: unique across all organizations, so a name
 * whose skeleton another user has is taken. The server compares it in SQL with the same table
 * (`translate(normalize(name, NFKC), …)`), so keep each step expressible there.
 */
export function usernameSkeleton(username: string): string {
  return username
    .trim()
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (letter) => LATIN_OF.get(letter) ?? letter)
    .toLowerCase();
}
