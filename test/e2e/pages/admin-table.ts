import { expect, type Locator, type Page } from '@playwright/test';

/**
 * One administration table (`/manage-company/<table>`, src/ui/resource-table): its create button,
 * search, rows and the form a record opens in. Test ids follow the table's collection name
 * (`customers-row`) and the form's record name (`customer-form`).
 */
export class AdminTable {
  constructor(
    private readonly page: Page,
    /** The collection as the URL and the test ids name it: `customers`, `loading-teams` → `loadingTeams`. */
    readonly table: string,
    /** The record's form test id: `customer-form`. */
    private readonly formTestId: string,
  ) {}

  /** Opens the page and waits until its table can be used (the create button is enabled once the mirror answered). */
  async open(path = this.table) {
    await this.page.goto(`/manage-company/${path}`);
    await expect(this.createButton).toBeEnabled();
  }

  get createButton() {
    return this.page.getByTestId(`${this.table}-create`).first();
  }

  get form(): Locator {
    return this.page.getByTestId(this.formTestId);
  }

  get saveButton() {
    return this.form.getByTestId(`${this.formTestId}-save`);
  }

  get count() {
    return this.page.getByTestId(`${this.table}-count`);
  }

  get noRecords() {
    return this.page.getByTestId(`${this.table}-no-records`);
  }

  /** Rows containing `text`, after searching for it so the row is on the current page. */
  async search(text: string): Promise<Locator> {
    await this.page.getByTestId(`${this.table}-search`).fill(text);
    return this.row(text);
  }

  row(text: string): Locator {
    return this.page.getByTestId(`${this.table}-row`).filter({ hasText: text });
  }

  async startCreate() {
    await this.createButton.click();
    // The test id sits on the modal's root, which has no box of its own: its save button shows it is open.
    await expect(this.saveButton).toBeVisible();
  }

  /** Finds the row by its name and opens its edit form. */
  async edit(name: string) {
    const row = await this.search(name);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(this.saveButton).toBeVisible();
  }

  /** Saves the open form and waits for the notice naming the record (`<name> created` or `<name> updated`). */
  async save(notice: string) {
    await this.saveButton.click();
    await expect(this.page.getByText(notice)).toBeVisible();
  }

  /** Asks to delete the row's record and confirms in place; answers the confirmation dialog. */
  async confirmDelete(name: string): Promise<Locator> {
    const row = await this.search(name);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirmation = this.page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirmation.getByTestId('delete-confirm').click();
    return confirmation;
  }
}
