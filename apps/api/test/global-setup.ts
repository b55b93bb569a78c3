import type { TestProject } from 'vitest/node';
import { preparePgliteSnapshot, preparePostgresTemplate } from './database-template.ts';

/** Migrates one database for the whole API suite; each test file copies it (harness.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const { template, drop } = baseUrl ? await preparePostgresTemplate(baseUrl) : await preparePgliteSnapshot();
  project.provide('databaseTemplate', template);
  return drop;
}
