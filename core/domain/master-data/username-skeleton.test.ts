import { describe, expect, it } from 'vitest';
import { CONFUSABLE_LETTERS, usernameSkeleton } from './username-skeleton.ts';

describe('username skeleton', () => {
  it('gives a look-alike in Cyrillic, Greek, fullwidth or mathematical letters the skeleton of the Latin name', () => {
    const dispatcher = usernameSkeleton('dispatcher');
    expect(dispatcher).toBe('dispatcher');
    expect(usernameSkeleton('dispаtcher')).toBe(dispatcher); // Cyrillic а
    expect(usernameSkeleton('DISPATCHЕR')).toBe(dispatcher); // Cyrillic Е, and any letter case
    expect(usernameSkeleton('dіspatchеr')).toBe(dispatcher); // Cyrillic і and е
    expect(usernameSkeleton('disπatcher')).not.toBe(dispatcher); // π is drawn unlike p
    expect(usernameSkeleton('ΑDΜΙΝ')).toBe('admin'); // Greek Α, Μ, Ι
    expect(usernameSkeleton('ｄｉｓｐａｔｃｈｅｒ')).toBe(dispatcher);
    expect(usernameSkeleton('𝐝𝐢𝐬𝐩𝐚𝐭𝐜𝐡𝐞𝐫')).toBe(dispatcher);
    expect(usernameSkeleton(' driver.hansen ')).toBe('driver.hansen');
  });

  it('keeps names apart that only look alike within Latin, and leaves letters unlike Latin ones as they are', () => {
    expect(usernameSkeleton('driver1')).not.toBe(usernameSkeleton('driverl'));
    expect(usernameSkeleton('jörg')).not.toBe(usernameSkeleton('jorg'));
    // Only р is drawn like a Latin letter: a Cyrillic name written with a Latin p looks alike too.
    expect(usernameSkeleton('дмитрий')).toBe('дмитpий');
    expect(usernameSkeleton('дмитpий')).toBe(usernameSkeleton('дмитрий'));
  });

  it('maps one character to one, as SQL translate needs', () => {
    expect([...CONFUSABLE_LETTERS.from]).toHaveLength([...CONFUSABLE_LETTERS.to].length);
    expect(new Set(CONFUSABLE_LETTERS.from).size).toBe([...CONFUSABLE_LETTERS.from].length);
  });
});
