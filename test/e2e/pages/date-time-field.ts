import { expect, type Locator, type Page } from '@playwright/test';

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

/** The product's one date-time field (src/ui/date-time-field.tsx): a calendar button for the day, a box for the time. */
export class DateTimeFieldControl {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  get day() {
    return this.root.locator('button[data-dates-input]');
  }

  get time() {
    return this.root.locator('input:not([type="hidden"])');
  }

  /** The value as an ISO instant ('' when empty). */
  instant() {
    return this.root.getAttribute('data-value');
  }

  /** Picks the day "YYYY-MM-DD" in the calendar (English): up to the decade, then down to the day. */
  async pickDay(day: string) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    await this.day.click();
    const calendar = this.page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: this.page.locator('[class*="calendarHeaderLevel"]') });
    const level = calendar.locator('[class*="calendarHeaderLevel"]');
    await level.click();
    await level.click();
    const yearButton = calendar.getByRole('button', { name: String(year), exact: true });
    for (let step = 0; step < 30 && !(await yearButton.isVisible()); step += 1) {
      const shown = Number((await level.textContent())?.slice(0, 4));
      await calendar
        .locator('[class*="calendarHeaderControl"]:not([class*="Icon"])')
        .nth(year < shown ? 0 : 1)
        .click();
    }
    await yearButton.click();
    await calendar.getByRole('button', { name: MONTHS[month - 1], exact: true }).click();
    await calendar.getByRole('button', { name: `${date} ${MONTH_NAMES[month - 1]} ${year}`, exact: true }).click();
    await expect(calendar).toBeHidden();
  }

  /** Types the time as a person would ("0700", "7:30") and leaves the box. */
  async typeTime(typed: string) {
    await this.time.fill(typed);
    await this.time.press('Tab');
  }

  /** The day, then the time typed as its four digits. */
  async set({ date, time }: { date: string; time: string }) {
    await this.pickDay(date);
    await this.typeTime(time.replace(':', ''));
  }
}
