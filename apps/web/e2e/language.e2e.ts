import { expect, test } from './fixtures.ts';
import { expectAccessible, snapshot } from './helpers.ts';

test.describe('language', () => {
  test('follows the browser at first, and <html lang> says which', async ({ open }) => {
    const page = await open({ locale: 'it-IT' });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('it');
  });

  test('switches to Italian, survives a reload and translates the error texts', async ({ open }) => {
    const page = await open({ locale: 'en-US' });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByRole('button', { name: 'Language: EN' }).click();
    await page.getByRole('button', { name: 'Italiano' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('it');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('it');

    // A client-side validation message and a server error, both in Italian.
    await page.getByRole('button', { name: 'Accedi', exact: true }).last().click();
    expect(await page.getByText('Compila tutti i campi obbligatori.').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Nome utente o email' }).fill('qualcuno');
    await page.locator('input[autocomplete="current-password"]').fill('Sbagliata-123');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Nome utente/email o password non validi. Controlla le credenziali e riprova.' })
      .waitFor();
    await expectAccessible(page, 'login in Italian');
    await snapshot(page, 'login-italian');

    // Other screens load their Italian texts too.
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Crea il tuo account' }).waitFor();
    await page.goto('/split-project-form');
    await page.getByRole('heading', { level: 1, name: 'Presenta il tuo gioco' }).waitFor();
    await snapshot(page, 'pitch-italian');

    // And back to English without a reload.
    await page.getByRole('button', { name: 'Lingua: IT' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pitch your game' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });
});
