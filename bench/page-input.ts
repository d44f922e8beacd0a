import type { ElementHandle, Page } from 'playwright-core';

/**
 * Input for timed windows. Playwright's locators resolve inside the page with its own selector engine,
 * which walks every element: in a page of 1,000 rows one lookup is a main-thread task of 30–300 ms,
 * a long task of the harness's own. Here elements are found with the browser's native
 * `querySelector`, and only real mouse and keyboard input is sent, as a user's hands would.
 */
export async function findElement(page: Page, selector: string): Promise<ElementHandle> {
  const handle = (await page.evaluateHandle(`document.querySelector(${JSON.stringify(selector)})`)).asElement();
  if (!handle) throw new Error(`no element for ${selector}`);
  return handle;
}

/** A mouse click in the middle of the element, scrolled into view first. */
export async function clickElement(page: Page, selector: string) {
  const element = await findElement(page, selector);
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('the element to click is not displayed');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Replaces a text field's content by typing, as the keyboard would. */
export async function typeInto(page: Page, selector: string, text: string) {
  await clickElement(page, selector);
  await page.keyboard.press('ControlOrMeta+A');
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press('Backspace');
}

/** Resolves when an element matching `selector` is in the document, watched by a native MutationObserver. */
export async function armElementWatch(page: Page, selector: string): Promise<() => Promise<void>> {
  const name = `benchWatch${Math.random().toString(36).slice(2)}`;
  await page.evaluate(`window.${name} = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(selector)})) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  })`);
  return async () => {
    await page.evaluate(`window.${name}`);
  };
}
