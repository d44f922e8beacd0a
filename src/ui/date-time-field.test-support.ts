import { fireEvent, waitFor } from '@testing-library/react';

/** Types `text` into a DateTimeField's time box and leaves it, as a person would. */
export function typeTime(field: HTMLElement, text: string) {
  const box = [...field.querySelectorAll('input:not([type=hidden])')].at(-1) as HTMLInputElement;
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.blur(box);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The calendar's button showing `text` (or named by it), found without role queries (slow in big dialogs). */
function calendarButton(calendar: HTMLElement, text: string): HTMLElement | undefined {
  return [...calendar.querySelectorAll<HTMLElement>('button')].find(
    (button) => button.getAttribute('aria-label') === text || button.textContent === text,
  );
}

/** Picks the day "YYYY-MM-DD" in a DateTimeField's calendar (English): up to the decade, then down. */
export async function pickDay(field: HTMLElement, day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  fireEvent.click(field.querySelector('button') as HTMLElement);
  const level = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[class*="calendarHeaderLevel"]')].at(-1);
    if (!found) throw new Error('no calendar open');
    return found;
  });
  const calendar = level.closest('.mantine-Popover-dropdown') as HTMLElement;
  const headerLevel = () => calendar.querySelector('[class*="calendarHeaderLevel"]') as HTMLElement;
  fireEvent.click(headerLevel());
  fireEvent.click(headerLevel());
  // The decade shown is today's: step to the one holding the year.
  for (let step = 0; step < 50 && !calendarButton(calendar, String(year)); step += 1) {
    const shown = Number(headerLevel().textContent?.slice(0, 4));
    const controls = calendar.querySelectorAll<HTMLElement>('[class*="calendarHeaderControl"]:not([class*="Icon"])');
    fireEvent.click((year < shown ? controls[0] : controls[controls.length - 1]) as HTMLElement);
  }
  fireEvent.click(calendarButton(calendar, String(year)) as HTMLElement);
  fireEvent.click(calendarButton(calendar, MONTHS[month - 1] as string) as HTMLElement);
  fireEvent.click(calendarButton(calendar, `${date} ${MONTH_NAMES[month - 1]} ${year}`) as HTMLElement);
}

/** The field's value, an ISO instant or '' when empty. */
export const instantIn = (field: HTMLElement) => field.getAttribute('data-value') ?? '';
