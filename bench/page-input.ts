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

/**
 * Starts watching for an element matching `selector` with a native MutationObserver; the function it
 * returns resolves once it is in the document. (The page keeps the promise: an evaluate that returned
 * it would wait for it.)
 */
export async function armElementWatch(page: Page, selector: string): Promise<() => Promise<void>> {
  const name = `benchWatch${Math.random().toString(36).slice(2)}`;
  // Only added nodes are looked at, each once: a query of the whole document on every mutation would
  // cost the page more than what is measured.
  await page.evaluate(`window.${name} = new Promise((resolve) => {
    const selector = ${JSON.stringify(selector)};
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node.nodeType !== 1 || !(node.matches(selector) || node.querySelector(selector))) continue;
          observer.disconnect();
          resolve();
          return;
        }
      }
    });
    observer.observe(document.body, { subtree: true, childList: true });
  }); undefined`);
  return async (timeoutMs = 120_000) => {
    await page.evaluate(`Promise.race([
      window.${name},
      new Promise((_, reject) => setTimeout(() => reject(new Error('no ${selector} within ${timeoutMs} ms')), ${timeoutMs})),
    ])`);
  };
}
