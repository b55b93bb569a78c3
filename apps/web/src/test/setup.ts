import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import i18n, { namespaces } from '../i18n/index.ts';

// Every test starts in English with all texts loaded (screens load theirs on demand in the app).
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(namespaces);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
