import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { baseURL, type ContextOptions, newContext, signUpInPage, uniqueUser } from './helpers.ts';

export { expect } from '@playwright/test';

type User = ReturnType<typeof uniqueUser>;

interface Fixtures {
  /** Opens a page in a new browser context (its own cookies: another person), closed after the test. */
  open: (options?: ContextOptions) => Promise<Page>;
  /** A member of this test alone: a new account, signed up through the API. */
  member: User;
  /** A page signed in as `member`. */
  memberPage: Page;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: the runner reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(baseURL);
  },
  open: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await newContext(browser, options);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: the runner reads a fixture's dependencies from this pattern
  member: async ({}, use) => {
    await use(uniqueUser('member'));
  },
  memberPage: async ({ open, member }, use) => {
    const page = await open();
    await signUpInPage(page, member);
    await use(page);
  },
});
