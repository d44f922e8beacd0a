import { type RefObject, useEffect } from 'react';

/** What a keyboard user can reach in a row: its buttons, checkboxes and links. */
const CONTROLS = 'button:not(:disabled), input:not(:disabled), a[href]';
/** The expanded editor is a form of its own: Tab walks it as usual. */
const OWN_TAB_ORDER = '[data-own-tab-order]';

function rowsOf(table: HTMLTableElement) {
  return [...table.querySelectorAll<HTMLTableRowElement>(':scope > thead > tr, :scope > tbody > tr')].filter(
    (row) => !row.matches(OWN_TAB_ORDER),
  );
}

function controlsOf(row: HTMLTableRowElement) {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => !control.closest(OWN_TAB_ORDER));
}

/**
 * One Tab stop for the whole table (a roving tabindex, WAI-ARIA's grid pattern): arrows move between
 * rows (up, down, Home, End) and along a row (left, right), so Shift+Tab from any of 100 rows is
 * back in the toolbar at once instead of crossing 500 buttons. `boxRef` holds the table.
 */
export function useTableKeyboard(boxRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const table = boxRef.current?.querySelector('table');
    if (!table) return;
    // The control Tab enters the table at: the last one used, else the first row's first.
    let active: HTMLElement | null = null;
    let used = false;

    const settle = () => {
      const rows = rowsOf(table);
      const all = rows.flatMap(controlsOf);
      if (!used || !active || !all.includes(active)) {
        used = false;
        active = all.find((control) => control.closest('tbody')) ?? all[0] ?? null;
      }
      for (const control of all) control.tabIndex = control === active ? 0 : -1;
    };

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest(OWN_TAB_ORDER) || !target.matches(CONTROLS)) return;
      used = true;
      if (active !== target) {
        if (active) active.tabIndex = -1;
        active = target;
        active.tabIndex = 0;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest(OWN_TAB_ORDER) || !target.matches(CONTROLS)) return;
      const rows = rowsOf(table);
      const row = target.closest('tr');
      const rowIndex = rows.indexOf(row as HTMLTableRowElement);
      if (rowIndex < 0) return;
      const controls = controlsOf(rows[rowIndex] as HTMLTableRowElement);
      const column = controls.indexOf(target);
      const inRow = (index: number) => controlsOf(rows[index] as HTMLTableRowElement);
      let next: HTMLElement | undefined;
      switch (event.key) {
        case 'ArrowRight':
          next = controls[column + 1];
          break;
        case 'ArrowLeft':
          next = controls[column - 1];
          break;
        case 'ArrowDown':
        case 'ArrowUp': {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          for (let index = rowIndex + step; index >= 0 && index < rows.length && !next; index += step) {
            const candidates = inRow(index);
            next = candidates[Math.min(column, candidates.length - 1)];
          }
          break;
        }
        case 'Home':
          if (event.ctrlKey) next = inRow(0)[0];
          else next = controls[0];
          break;
        case 'End':
          if (event.ctrlKey) next = inRow(rows.length - 1)[0];
          else next = controls.at(-1);
          break;
        default:
          return;
      }
      if (!next) return;
      event.preventDefault();
      next.focus();
    };

    settle();
    table.addEventListener('focusin', onFocusIn);
    table.addEventListener('keydown', onKeyDown);
    // Rows mount in steps and change with filters: new controls join the roving order.
    const observer = new MutationObserver(settle);
    observer.observe(table, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      table.removeEventListener('focusin', onFocusIn);
      table.removeEventListener('keydown', onKeyDown);
    };
  }, [boxRef]);
}
