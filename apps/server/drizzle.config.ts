import { defineConfig } from 'drizzle-kit';

// Every `tables.ts`: the platform's and each family's. Found by glob so that neither the
// platform nor a list has to name the families (the server reads no relational schema).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/**/tables.ts', './src/families/*/tables.ts'],
  out: './drizzle',
});
