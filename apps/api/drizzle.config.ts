import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema.ts holds accounts and platform tables; schema-<feature>.ts the tables of one feature.
  schema: './src/db/schema*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
