export interface TimeOfDay {
  hours: number;
  minutes: number;
}

/**
 * A time as people type it into a time box: "0700" and "7:30" are 07:00 and 07:30, "730" is
 * 07:30, "07" or "7" sets the hour and keeps `previous` minutes (0 without), and what the box
 * shows in any language reads back ("7:00 PM", "7:00 p.m.", "07 h 00"). Null when it is no time.
 */
export function parseTypedTime(text: string, previous: TimeOfDay | null = null): TimeOfDay | null {
  const plain = text.toLowerCase().replace(/[\s\u00a0\u202f.]/g, '');
  const meridiem = /pm$|p$/.test(plain) ? 'pm' : /am$|a$/.test(plain) ? 'am' : null;
  const groups = plain.match(/\d+/g);
  if (!groups || groups.length > 2 || !/^[\d:h]*(am|pm|a|p)?$/.test(plain)) return null;
  let hours: number;
  let minutes: number;
  const [first = '', second] = groups;
  if (second !== undefined) {
    if (first.length > 2 || second.length > 2) return null;
    hours = Number(first);
    minutes = Number(second);
  } else if (first.length <= 2) {
    hours = Number(first);
    minutes = previous?.minutes ?? 0;
  } else if (first.length <= 4) {
    hours = Number(first.slice(0, -2));
    minutes = Number(first.slice(-2));
  } else {
    return null;
  }
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes };
}
